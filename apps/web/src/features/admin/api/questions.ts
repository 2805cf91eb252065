import { QUESTIONS_LIVE_REFRESH_MS } from '@opence/shared';
import type { TAdminQuestion, TAdminQuestionFilter, TAdminQuestionsResponse } from '@opence/shared/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/* A webinar's questions from members (issue 42): staff and the presenter answer or hide them. */

const questionsKey = (classId: string) => ['admin', 'classes', 'questions', classId] as const;

/**
 * The list, refreshed every 10 s while the webinar is live and the tab is shown (decision 1162):
 * one indexed query per refresh, and none before or after the webinar or in a hidden tab.
 */
export function useWebinarQuestions(classId: string, show: TAdminQuestionFilter) {
  return useQuery({
    queryKey: [...questionsKey(classId), show],
    queryFn: ({ signal }) =>
      apiGet<TAdminQuestionsResponse>(`admin/classes/${classId}/questions`, { show }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.isLive ? QUESTIONS_LIVE_REFRESH_MS : false),
  });
}

type TAnswered = { status: boolean; question: TAdminQuestion };

export function useAnswerQuestion(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) =>
      apiPost<TAnswered>(`admin/questions/${id}/answer`, answer.trim() ? { answer } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: questionsKey(classId) }),
  });
}

export function useHideQuestion(classId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiPost<TAnswered>(`admin/questions/${id}/hide`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: questionsKey(classId) }),
  });
}
