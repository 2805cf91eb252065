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
import { adminGet, adminSend } from './admin-request.ts';

/*
 * The operations of the console: who is signed in, the dashboard, seat lists, evaluations,
 * sponsors, members, the mail outbox, the audit log and the AGD submissions.
 */

export function useAdminMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => adminGet<TAdminMe>('me', {}, signal),
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
    queryFn: ({ signal }) => adminGet<TAdminDashboard>('dashboard', { dayStart: startOfToday() }, signal),
  });
}

export function useSeatList(classId: string) {
  return useQuery({
    queryKey: ['admin', 'classes', 'seats', classId],
    queryFn: ({ signal }) => adminGet<TAdminSeatList>(`classes/${classId}/seats`, {}, signal),
  });
}

export function useAttachRecording(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recording: TAdminRecording) =>
      adminSend<TAdminOk>('POST', `classes/${classId}/recording`, recording),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'classes'] }),
  });
}

export function useEvaluations(owner: 'classes' | 'podcasts', id: string) {
  return useQuery({
    queryKey: ['admin', owner, 'evaluations', id],
    queryFn: ({ signal }) => adminGet<TAdminEvaluations>(`${owner}/${id}/evaluations`, {}, signal),
  });
}

export function useSponsors() {
  return useQuery({
    queryKey: ['admin', 'sponsors'],
    queryFn: ({ signal }) => adminGet<TAdminSponsors>('sponsors', {}, signal),
  });
}

export function useMembers(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'members', q, page],
    queryFn: ({ signal }) => adminGet<TAdminMembersResponse>('members', { q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberDetail(id: string) {
  return useQuery({
    queryKey: ['admin', 'members', 'detail', id],
    queryFn: ({ signal }) => adminGet<TAdminMemberDetail>(`members/${id}`, {}, signal),
  });
}

/** A member action (password-reset mail, erase, certificate re-send); the member is reloaded. */
export function useMemberAction(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => adminSend<TAdminOk>('POST', path),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'members', 'detail', memberId] }),
  });
}

export function useOutbox(status: string, q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'outbox', status, q, page],
    queryFn: ({ signal }) => adminGet<TAdminOutboxResponse>('outbox', { status, q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMail(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'outbox', 'mail', id],
    queryFn: ({ signal }) => adminGet<TAdminMailDetail>(`outbox/${id}`, {}, signal),
    enabled: Boolean(id),
  });
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminSend<TAdminOk>('POST', `outbox/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}

/** POST /api/admin/outbox/:id/resend: the same mail to its address again (its links reach the member only). */
export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminSend<TAdminOk>('POST', `outbox/${id}/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}

export function useAuditLog(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', q, page],
    queryFn: ({ signal }) => adminGet<TAdminAuditResponse>('audit', { q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAgdSubmissions(page: number) {
  return useQuery({
    queryKey: ['admin', 'agd', page],
    queryFn: ({ signal }) => adminGet<TAgdSubmissionsResponse>('agd-submissions', { page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRunAgdSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminSend<TAgdRunResponse>('POST', 'agd-submissions'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'agd'] }),
  });
}
