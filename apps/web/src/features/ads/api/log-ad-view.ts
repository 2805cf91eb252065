import { apiPost } from '../../../lib/api-client.ts';

/** Counts a banner seen in a list (POST /api/mobilead-view); a failure is only logged (02 §8). */
export function logAdView(adId: string): void {
  apiPost('mobilead-view', { a: adId }).catch((error: unknown) => console.warn('ad view not counted', error));
}
