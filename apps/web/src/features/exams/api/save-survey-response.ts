import type { TSaveSurveyRequest, TStatusResponse } from '@opence/shared/schemas';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/save-survey-response (02 §7): one question's choices; isLast on the last one. */
export function saveSurveyAnswer(answer: Omit<TSaveSurveyRequest, 's'>): Promise<TStatusResponse> {
  return apiPost<TStatusResponse>('save-survey-response', answer);
}
