import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * The spec's pair of texts for a failed call (02 §8): one when the service answered with a
 * refusal, the "trapped" one when the call itself failed (no answer from the server).
 */
export function failureText(error: unknown, serviceText: string, trappedText: string): string {
  return error instanceof ApiRequestError && error.status > 0 ? serviceText : trappedText;
}
