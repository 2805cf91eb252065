import type {
  TAdminEventScansResponse,
  TDoorCodesResponse,
  TScanCorrectionRequest,
  TScanningRequest,
  TScanningResponse,
} from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';

/*
 * In-person scanning in the console (issue 42): the settings, the door screen's codes (asked
 * again as each window ends), the scans with each member's evidence, corrections.
 */

const keys = {
  event: (id: string) => ['admin', 'in-person-events', id] as const,
  scans: (id: string) => ['admin', 'in-person-events', id, 'scans'] as const,
  door: (id: string) => ['admin', 'in-person-events', id, 'door'] as const,
};

export function useEventScans(id: string) {
  return useQuery({
    queryKey: keys.scans(id),
    queryFn: ({ signal }) =>
      apiGet<TAdminEventScansResponse>(`admin/in-person-events/${id}/scans`, {}, signal),
  });
}

export function useSaveScanning(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TScanningRequest) =>
      apiPut<TScanningResponse>(`admin/in-person-events/${id}/scanning`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.event(id) }),
  });
}

export function useCorrectScan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TScanCorrectionRequest) =>
      apiPost(`admin/in-person-events/${id}/scan-corrections`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.scans(id) }),
  });
}

/** Asked again just after the shown window ends, and every 20 s in case the clock of this screen drifts. */
export function useDoorCodes(id: string) {
  return useQuery({
    queryKey: keys.door(id),
    queryFn: ({ signal }) =>
      apiGet<TDoorCodesResponse>(`admin/in-person-events/${id}/door-codes`, {}, signal),
    refetchInterval: (query) => {
      const endsAt = query.state.data?.windowEndsAt;
      const untilEnd = endsAt ? Date.parse(endsAt) - Date.now() + 500 : 20_000;
      return Math.max(1_000, Math.min(20_000, untilEnd));
    },
    refetchIntervalInBackground: true,
  });
}
