import { LIVE_POLL_REFRESH_MS } from '@opence/shared';
import type {
  TLivePollPulseResponse,
  TLivePollResponse,
  TPollAnswerResponse,
  TWebinarEvidence,
} from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/* The live room's poll (issue 42): the open poll noticed within seconds, answered once. */

const pollKey = (c: string) => ['seats', 'live-poll', c] as const;
const pulseKey = (c: string) => ['seats', 'live-poll-pulse', c] as const;
const creditKey = (c: string) => ['seats', 'webinar-credit', c] as const;

/**
 * The open poll while the member is in the room with a seat. The room asks the shared pulse
 * (GET /api/live-poll-pulse, the same answer for every attendee) every few seconds, and its own
 * poll and answer (GET /api/live-poll) only when the open poll changes (decision 1154).
 */
export function useLivePoll(c: string, isInRoom: boolean) {
  const pulse = useQuery({
    queryKey: pulseKey(c),
    queryFn: ({ signal }) => apiGet<TLivePollPulseResponse>('live-poll-pulse', { c }, signal),
    enabled: isInRoom,
    refetchInterval: isInRoom ? LIVE_POLL_REFRESH_MS : false,
  });
  const openId = pulse.data?.pollId ?? null;
  return useQuery({
    queryKey: [...pollKey(c), openId],
    queryFn: ({ signal }): Promise<TLivePollResponse> =>
      openId ? apiGet<TLivePollResponse>('live-poll', { c }, signal) : Promise.resolve({ poll: null }),
    enabled: isInRoom && pulse.isSuccess,
    staleTime: Infinity,
    // The card keeps what it shows while a newly opened poll loads: no flash, no layout jump.
    placeholderData: (previous) => previous,
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
