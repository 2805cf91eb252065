import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { questionsKey } from './get-questions.ts';

/** POST /api/question-vote: the member's one vote for a question. */
export function useVoteQuestion(c: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ status: boolean; votes: number }>('question-vote', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: questionsKey(c) }),
  });
}
