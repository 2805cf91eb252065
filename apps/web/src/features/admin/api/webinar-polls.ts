import type { TAdminPollsResponse, TCreditRuleRequest, TPollDraft } from '@opence/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client.ts';

/* A webinar's polls and credit rule in the console (issue 42): every call answers the whole list. */

const key = (classId: string) => ['admin', 'webinar-polls', classId] as const;

export const webinarPollsQuery = (classId: string, isRunning = false) =>
  queryOptions({
    queryKey: key(classId),
    queryFn: ({ signal }) => apiGet<TAdminPollsResponse>('admin/webinar-polls', { c: classId }, signal),
    // While the presenter runs the webinar, the answers' counts move.
    refetchInterval: isRunning ? 3_000 : false,
  });

export const useWebinarPolls = (classId: string, isRunning = false) =>
  useQuery(webinarPollsQuery(classId, isRunning));

type TPollAction =
  | { kind: 'add'; draft: TPollDraft }
  | { kind: 'edit'; id: string; draft: TPollDraft }
  | { kind: 'delete'; id: string }
  | { kind: 'open'; id: string }
  | { kind: 'close'; id: string }
  | { kind: 'rule'; body: TCreditRuleRequest };

function send(classId: string, action: TPollAction): Promise<TAdminPollsResponse> {
  switch (action.kind) {
    case 'add':
      return apiPost('admin/webinar-polls', action.draft, { params: { c: classId } });
    case 'edit':
      return apiPut('admin/webinar-poll', action.draft, { params: { id: action.id } });
    case 'delete':
      return apiDelete('admin/webinar-poll', { params: { id: action.id } });
    case 'open':
      return apiPost('admin/webinar-poll-open', {}, { params: { id: action.id } });
    case 'close':
      return apiPost('admin/webinar-poll-close', {}, { params: { id: action.id } });
    case 'rule':
      return apiPut('admin/webinar-credit-rule', action.body, { params: { c: classId } });
  }
}

/** One mutation for every change: its answer replaces the list. */
export function useWebinarPollAction(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TPollAction) => send(classId, action),
    onSuccess: (list) => client.setQueryData(key(classId), list),
  });
}
