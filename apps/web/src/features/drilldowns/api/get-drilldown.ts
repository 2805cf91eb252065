import type { TDrilldownResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/drilldown (d, s, blockLog): the drill-down by slug or hash; blockLog keeps the view unlogged. */
export const drilldownQuery = (ref: string, blockLog: boolean) =>
  queryOptions({
    queryKey: ['drilldown', ref, blockLog] as const,
    queryFn: ({ signal }) =>
      apiGet<TDrilldownResponse>('drilldown', { d: ref, blockLog: blockLog ? 1 : undefined }, signal),
  });

export function useDrilldown(ref: string | undefined, blockLog: boolean) {
  return useQuery({ ...drilldownQuery(ref ?? '', blockLog), enabled: Boolean(ref) });
}
