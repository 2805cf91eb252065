import { Texts, type TPlayLocation } from '@opence/shared';
import type { TPodcastViewResponse } from '@opence/shared/schemas';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';
import { isOffline, queueProgress } from '../../../lib/progress-sync/progress-sync.ts';

/**
 * GET /api/podcast-view: logs a play start (02 §4). Resolves to null when logged, otherwise to
 * the text to show: the server's refusal, or the transport failure (02 §8). Offline, the play is
 * queued on the device (decision 1175): the evaluation answered after it is sent after it.
 */
export async function logPodcastPlay(play: {
  hash: string;
  loc: TPlayLocation;
  firstClick: boolean;
}): Promise<string | null> {
  const query = { p: play.hash, log: 1, loc: play.loc, firstClick: play.firstClick ? 1 : 0 };
  try {
    await apiGet<TPodcastViewResponse>('podcast-view', query);
    return null;
  } catch (error) {
    if (isOffline(error) && (await queueProgress('play', play.hash, query).catch(() => false))) return null;
    return error instanceof ApiRequestError && error.status > 0
      ? Texts.ERROR_LOGGING_PODCAST
      : Texts.LOGGING_API_FAILURE;
  }
}
