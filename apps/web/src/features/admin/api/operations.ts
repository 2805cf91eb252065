import type {
  TAdminAuditResponse,
  TAdminDashboard,
  TAdminEvaluations,
  TAdminMailDetail,
  TAdminMe,
  TAdminMemberDetail,
  TAdminMembersResponse,
  TAdminOk,
  TAdminOutboxResponse,
  TAdminRecording,
  TAdminSeatList,
  TAdminSponsors,
  TAgdRunResponse,
  TAgdSubmissionsResponse,
} from '@opence/shared/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost } from '../../../lib/api-client.ts';

/*
 * The operations of the console: who is signed in, the dashboard, seat lists, evaluations,
 * sponsors, members, the mail outbox, the audit log and the AGD submissions.
 */

export function useAdminMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => apiGet<TAdminMe>('admin/me', {}, signal),
    staleTime: 5 * 60_000,
  });
}

/** The start of today in the staff member's own zone, for the day's counts. */
function startOfToday(): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiGet<TAdminDashboard>('admin/dashboard', { dayStart: startOfToday() }, signal),
  });
}

export function useSeatList(classId: string) {
  return useQuery({
    queryKey: ['admin', 'classes', 'seats', classId],
    queryFn: ({ signal }) => apiGet<TAdminSeatList>(`admin/classes/${classId}/seats`, {}, signal),
  });
}

export function useAttachRecording(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recording: TAdminRecording) =>
      apiPost<TAdminOk>(`admin/classes/${classId}/recording`, recording),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'classes'] }),
  });
}

export function useEvaluations(owner: 'classes' | 'podcasts', id: string) {
  return useQuery({
    queryKey: ['admin', owner, 'evaluations', id],
    queryFn: ({ signal }) => apiGet<TAdminEvaluations>(`admin/${owner}/${id}/evaluations`, {}, signal),
  });
}

export function useSponsors() {
  return useQuery({
    queryKey: ['admin', 'sponsors'],
    queryFn: ({ signal }) => apiGet<TAdminSponsors>('admin/sponsors', {}, signal),
  });
}

export function useMembers(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'members', q, page],
    queryFn: ({ signal }) => apiGet<TAdminMembersResponse>('admin/members', { q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberDetail(id: string) {
  return useQuery({
    queryKey: ['admin', 'members', 'detail', id],
    queryFn: ({ signal }) => apiGet<TAdminMemberDetail>(`admin/members/${id}`, {}, signal),
  });
}

/** A member action (password-reset mail, erase, certificate re-send); the member is reloaded. */
export function useMemberAction(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => apiPost<TAdminOk>(`admin/${path}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'members', 'detail', memberId] }),
  });
}

export function useOutbox(status: string, q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'outbox', status, q, page],
    queryFn: ({ signal }) => apiGet<TAdminOutboxResponse>('admin/outbox', { status, q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMail(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'outbox', 'mail', id],
    queryFn: ({ signal }) => apiGet<TAdminMailDetail>(`admin/outbox/${id}`, {}, signal),
    enabled: Boolean(id),
  });
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<TAdminOk>(`admin/outbox/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}

/** POST /api/admin/outbox/:id/resend: the same mail to its address again (its links reach the member only). */
export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<TAdminOk>(`admin/outbox/${id}/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}

export function useAuditLog(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', q, page],
    queryFn: ({ signal }) => apiGet<TAdminAuditResponse>('admin/audit', { q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAgdSubmissions(page: number) {
  return useQuery({
    queryKey: ['admin', 'agd', page],
    queryFn: ({ signal }) => apiGet<TAgdSubmissionsResponse>('admin/agd-submissions', { page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRunAgdSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<TAgdRunResponse>('admin/agd-submissions'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'agd'] }),
  });
}

/** Downloads one of the console's CSV files, named as the server names it. */
export const downloadCsv = (path: string, name: string) =>
  apiDownload(`admin/${path}`, { name, isServerNamed: true }, { accept: 'text/csv' });
