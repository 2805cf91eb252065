import type { TSaveSurveyRequest, TStatusResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/save-survey-response (02 §7): one question's choices; isLast on the last one. */
export const useSaveSurveyAnswer = () =>
  useMutation({
    mutationFn: (answer: Omit<TSaveSurveyRequest, 's'>) =>
      apiPost<TStatusResponse>('save-survey-response', answer),
  });
