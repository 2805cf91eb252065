import type { TQueueResponse, TQueueRow, TRemoveQueueResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { memberListKey } from './member-list-query.ts';

const withoutRow = (list: TQueueResponse, hash: string): TQueueResponse => {
  const data = list.data.filter((row) => row.hash !== hash);
  const removed = list.data.length - data.length;
  return { ...list, data, rowCount: data.length, totalRows: list.totalRows - removed };
};

const withRowBack = (list: TQueueResponse, row: TQueueRow, index: number): TQueueResponse => {
  if (list.data.some((r) => r.hash === row.hash)) return list;
  const data = [...list.data.slice(0, index), row, ...list.data.slice(index)];
  return { ...list, data, rowCount: data.length, totalRows: list.totalRows + 1 };
};

/**
 * Removes a class from Watch Later (GET /api/remove-queue, 02 §7). The row leaves the page at
 * once (01 §4); if the call fails it is put back where it was, and the caller shows the error.
 */
export function useRemoveQueuedClass(page0: number) {
  const queryClient = useQueryClient();
  const key = memberListKey('queue', page0);
  return useMutation({
    mutationFn: (row: TQueueRow) => apiGet<TRemoveQueueResponse>('remove-queue', { c: row.hash }),
    onMutate: async (row) => {
      await queryClient.cancelQueries({ queryKey: key });
      const list = queryClient.getQueryData<TQueueResponse>(key);
      const index = list?.data.findIndex((r) => r.hash === row.hash) ?? -1;
      if (list) queryClient.setQueryData<TQueueResponse>(key, withoutRow(list, row.hash));
      return { index };
    },
    onError: (_error, row, context) => {
      queryClient.setQueryData<TQueueResponse>(key, (list) =>
        list ? withRowBack(list, row, Math.max(0, context?.index ?? 0)) : list,
      );
    },
    // The rows of later pages move up by one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberListKey('queue') }),
  });
}
