import type {
  TAdminEvent,
  TAdminEventClaimsResponse,
  TAdminEventResponse,
  TAdminEventsResponse,
  TAdminValues,
} from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiOpenPage, apiPost, apiPut } from '../../../lib/api-client.ts';
import { downloadCsv } from './operations.ts';

/*
 * In-person events in the console (issue 25): the list, one event with the topic list, saving
 * the form, the claims and their CSV, the printable poster.
 */

const keys = {
  all: ['admin', 'in-person-events'] as const,
  one: (id: string) => ['admin', 'in-person-events', id] as const,
  claims: (id: string) => ['admin', 'in-person-events', id, 'claims'] as const,
};

export function useAdminEvents() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => apiGet<TAdminEventsResponse>('admin/in-person-events', {}, signal),
  });
}

export function useAdminEvent(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => apiGet<TAdminEventResponse>(`admin/in-person-events/${id}`, {}, signal),
  });
}

/** Creates (no id) or edits an event; the list, the event and its claims are read again. */
export function useSaveEvent(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: TAdminValues) =>
      id
        ? apiPut<{ event: TAdminEvent }>(`admin/in-person-events/${id}`, values)
        : apiPost<{ event: TAdminEvent }>('admin/in-person-events', values),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useEventClaims(id: string) {
  return useQuery({
    queryKey: keys.claims(id),
    queryFn: ({ signal }) =>
      apiGet<TAdminEventClaimsResponse>(`admin/in-person-events/${id}/claims`, {}, signal),
  });
}

export const downloadEventClaims = (id: string) =>
  downloadCsv(`in-person-events/${id}/claims.csv`, 'event-claims.csv');

/** The printable poster (claim code and QR code), in a new tab. */
export const openEventPoster = (id: string) => apiOpenPage(`admin/in-person-events/${id}/poster`);

/** The same poster as a PDF, to send to the venue or print elsewhere (issue 35). */
export const downloadEventPosterPdf = (id: string, code: string) =>
  apiDownload(`admin/in-person-events/${id}/poster.pdf`, { name: `poster-${code}.pdf`, isServerNamed: true });
