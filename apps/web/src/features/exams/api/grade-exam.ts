import type { TGradeExamResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { TSubjectKind } from './get-learning-subject.ts';

/** POST /api/grade-exam (02 §7): the selected option numbers in question order, graded on the server. */
export function useGradeExam(kind: TSubjectKind, ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: number[]) =>
      apiPost<TGradeExamResponse>('grade-exam', {
        c: kind === 'class' ? ref : null,
        p: kind === 'podcast' ? ref : null,
        a: answers,
        tzOffsetMin: new Date().getTimezoneOffset(),
      }),
    // A passed exam changes the class page, the lists and the certificate; the exam on screen
    // stays as graded (asking for it again would answer 'Exam completed').
    onSuccess: () => client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'exam' }),
  });
}
