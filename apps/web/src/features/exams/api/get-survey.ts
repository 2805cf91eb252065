import type { TSurveyResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/survey (02 §7): the class's survey with this visit's sessionHash, or none. */
export function useSurvey(c: string) {
  return useQuery({
    queryKey: ['survey', c] as const,
    queryFn: ({ signal }) => apiGet<TSurveyResponse>('survey', { c }, signal),
    enabled: Boolean(c),
    // One session per visit: the answers of a visit share its sessionHash.
    staleTime: Infinity,
    gcTime: 0,
  });
}
