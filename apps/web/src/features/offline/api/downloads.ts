import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { listDownloads, removeDownload } from '../../../lib/offline-caches.ts';
import { queryClient } from '../../../lib/query-client.ts';

/*
 * The member's downloads (issue 44): kept in the browser's Cache Storage under their session
 * (lib/offline-caches.ts), read and removed through the query cache like any other call (0011).
 */

const downloadsKey = (token: string | null) => ['downloads', token] as const;

export const downloadsQuery = (token: string | null) =>
  queryOptions({
    queryKey: downloadsKey(token),
    queryFn: () => (token ? listDownloads(token) : []),
    // Local storage, not the network: no retries, and offline is no reason to wait.
    networkMode: 'always',
    retry: false,
  });

export function useDownloads(token: string | null) {
  return useQuery(downloadsQuery(token));
}

export function useRemoveDownload(token: string | null) {
  return useMutation({
    mutationFn: (id: string) => (token ? removeDownload(token, id) : Promise.resolve()),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadsKey(token) }),
  });
}

/** After a download: its list and the buttons that show it are read again. */
export function refreshDownloads(token: string | null): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: downloadsKey(token) });
}
