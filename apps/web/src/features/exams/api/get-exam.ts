import type { TExamResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { TSubjectKind } from './get-learning-subject.ts';

/** GET /api/exam (02 §7): the questions (never the answer key) and the member's record. */
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
    staleTime: 0,
    gcTime: 0,
  });
}
