import { apiPost } from '../../../lib/api-client.ts';

/**
 * Counts a click on a featured teaser (POST /api/featuredcontent-click, s t h). The navigation
 * does not wait for it and happens whatever it answers (02 §2); a failure is only logged.
 */
export function logFeaturedClick(slotType: number, targetId: string): void {
  apiPost('featuredcontent-click', { t: slotType, h: targetId }).catch((error: unknown) =>
    console.warn('featured click not counted', error),
  );
}
