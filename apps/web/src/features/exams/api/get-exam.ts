import type { TExamResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { TSubjectKind } from './get-learning-subject.ts';

/** GET /api/exam (02 §7): the questions (never the answer key) and the member's record; fetched once per attempt. */
export function useExam(kind: TSubjectKind, ref: string) {
  return useQuery({
    queryKey: ['exam', kind, ref] as const,
    queryFn: ({ signal }) =>
      apiGet<TExamResponse>(
        'exam',
        { [kind === 'class' ? 'c' : 'p']: ref, tzOffsetMin: new Date().getTimezoneOffset() },
        signal,
      ),
    enabled: Boolean(ref),
    // Each fetch draws a new page from a pool (decision 0908): the page shown (the server's, when
    // it drew the screen) is the one answered, so nothing fetches it again by itself, not on
    // mount after the server's screen nor on focus; another attempt fetches anew (refetch).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 0,
  });
}
