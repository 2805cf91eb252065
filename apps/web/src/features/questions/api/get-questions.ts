import type { TQuestionsResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const questionsKey = (c: string) => ['questions', c] as const;

/** How often the room's list refreshes while the webinar runs: answers and votes come in. */
const LIVE_REFRESH_MS = 15_000;

/** GET /api/questions?c=: the webinar's questions, the member's own and votes marked. */
export function useQuestions(c: string, { isMember, isLive }: { isMember: boolean; isLive: boolean }) {
  return useQuery({
    queryKey: questionsKey(c),
    queryFn: ({ signal }) => apiGet<TQuestionsResponse>('questions', { c }, signal),
    enabled: isMember && Boolean(c),
    refetchInterval: isLive ? LIVE_REFRESH_MS : false,
  });
}
