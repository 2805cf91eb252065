import type { TQuestionsResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const questionsKey = (c: string) => ['questions', c] as const;

/**
 * How often the room's list refreshes while the webinar runs, for answers and others' votes. Each
 * member's list is their own (their question, their votes), so nothing is shared between them: at
 * thousands in a room, once a minute keeps it to a few hundred lists a second (decision 1161).
 */
const LIVE_REFRESH_MS = 60_000;

/** GET /api/questions?c=: the webinar's questions, the member's own and votes marked. */
export function useQuestions(c: string, { isMember, isLive }: { isMember: boolean; isLive: boolean }) {
  return useQuery({
    queryKey: questionsKey(c),
    queryFn: ({ signal }) => apiGet<TQuestionsResponse>('questions', { c }, signal),
    enabled: isMember && Boolean(c),
    refetchInterval: isLive ? LIVE_REFRESH_MS : false,
  });
}
