import type { TEvaluationForm, TStatusResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { TSubjectKind } from './get-learning-subject.ts';

/** The body of POST /api/save-eval (02 §7) without the session: c or null, p or null, a (the form). */
export function evaluationBody(kind: TSubjectKind, ref: string, form: TEvaluationForm) {
  return { c: kind === 'class' ? ref : null, p: kind === 'podcast' ? ref : null, a: form };
}

/** POST /api/save-eval (02 §7). */
export function useSaveEvaluation(kind: TSubjectKind, ref: string) {
  const client = useQueryClient();
  return useMutation({
    // Tried offline too: the failure is what puts the answer in the device's queue (decision 1175).
    networkMode: 'always',
    mutationFn: (form: TEvaluationForm) =>
      apiPost<TStatusResponse>('save-eval', evaluationBody(kind, ref, form)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['learning-subject', kind, ref] }),
  });
}
