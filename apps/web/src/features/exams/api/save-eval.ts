import type { TEvaluationForm, TStatusResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { TSubjectKind } from './get-learning-subject.ts';

/** POST /api/save-eval (02 §7): s, c or null, p or null, a (the form). */
export function useSaveEvaluation(kind: TSubjectKind, ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: TEvaluationForm) =>
      apiPost<TStatusResponse>('save-eval', {
        c: kind === 'class' ? ref : null,
        p: kind === 'podcast' ? ref : null,
        a: form,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learning-subject', kind, ref] }),
  });
}
