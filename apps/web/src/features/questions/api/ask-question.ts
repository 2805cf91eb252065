import type { TQuestion } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { questionsKey } from './get-questions.ts';

/** POST /api/questions: sends the member's question; the list is read again. */
export function useAskQuestion(c: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiPost<{ status: boolean; question: TQuestion }>('questions', { c, text }),
    onSuccess: () => client.invalidateQueries({ queryKey: questionsKey(c) }),
  });
}
