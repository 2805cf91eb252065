import { Texts } from '@opence/shared';
import type { TDrilldownStatusResponse } from '@opence/shared/schemas';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';

/**
 * GET /api/drilldown-view: logs a play of the video. Resolves to null when logged, otherwise to
 * the text to show: the server's refusal, or the transport failure (02 §8).
 */
export async function logDrilldownPlay(hash: string): Promise<string | null> {
  try {
    await apiGet<TDrilldownStatusResponse>('drilldown-view', { d: hash });
    return null;
  } catch (error) {
    return error instanceof ApiRequestError && error.status > 0
      ? Texts.ERROR_LOGGING_DRILLDOWN
      : Texts.LOGGING_API_FAILURE;
  }
}
