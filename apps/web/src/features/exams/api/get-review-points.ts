import type { TClassResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import type { TSubjectKind } from './get-learning-subject.ts';

/**
 * What a member reviews after a failed attempt (issue 35): the class's learning objectives
 * (a podcast episode has none). Read only once the attempt failed.
 */
export function useReviewPoints(kind: TSubjectKind, ref: string, isWanted: boolean) {
  return useQuery({
    queryKey: ['review-points', kind, ref] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<TClassResponse>('class', { c: ref }, signal)).classObj.learningObjectives,
    enabled: isWanted && kind === 'class' && Boolean(ref),
  });
}
