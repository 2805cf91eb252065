import { LIVE_POLL_REFRESH_MS } from '@opence/shared';
import type { TLivePollResponse, TPollAnswerResponse, TWebinarEvidence } from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/* The live room's poll (issue 42): the open poll asked for every few seconds, answered once. */

const pollKey = (c: string) => ['seats', 'live-poll', c] as const;
const creditKey = (c: string) => ['seats', 'webinar-credit', c] as const;

/** GET /api/live-poll while the member is in the room with a seat. */
export function useLivePoll(c: string, isInRoom: boolean) {
  return useQuery({
    queryKey: pollKey(c),
    queryFn: ({ signal }) => apiGet<TLivePollResponse>('live-poll', { c }, signal),
    enabled: isInRoom,
    refetchInterval: isInRoom ? LIVE_POLL_REFRESH_MS : false,
  });
}

/** POST /api/live-poll-answer: the member's answer; the poll and the credit so far follow. */
export function useAnswerLivePoll(c: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; choice: number }) =>
      apiPost<TPollAnswerResponse>('live-poll-answer', { c, id: input.id, choice: input.choice }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: pollKey(c) }),
        client.invalidateQueries({ queryKey: creditKey(c) }),
      ]),
  });
}

/** GET /api/webinar-credit: the member's minutes, polls and the rule's decision so far. */
export function useWebinarCredit(c: string, isInRoom: boolean) {
  return useQuery({
    queryKey: creditKey(c),
    queryFn: ({ signal }) => apiGet<{ evidence: TWebinarEvidence | null }>('webinar-credit', { c }, signal),
    enabled: isInRoom,
  });
}
