import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { questionsKey } from './get-questions.ts';

/** POST /api/question-withdraw: the member takes back their own unanswered question. */
export function useWithdrawQuestion(c: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ status: boolean }>('question-withdraw', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: questionsKey(c) }),
  });
}
