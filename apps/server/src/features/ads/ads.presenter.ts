import { Texts } from '@opence/shared';
import type { TMobileAdBanner, TMobileAdDetails } from '@opence/shared/schemas';
import type { selectListBanners, selectMobileAd } from './ads.repo.ts';

type TBannerRecord = Awaited<ReturnType<typeof selectListBanners>>[number];
type TAdRecord = NonNullable<Awaited<ReturnType<typeof selectMobileAd>>>;

/** The image URLs of a banner set: 1 or 4 (01 §9); the single photo when none are listed. */
function imageUrls(record: TBannerRecord): string[] {
  try {
    const parsed: unknown = JSON.parse(record.image_urls);
    const urls = Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
    if (urls.length > 0) return urls;
  } catch {
    // A malformed list falls back to the photo below.
  }
  return record.photo ? [record.photo] : [];
}

/** A banner in a list: its public hash as adId (01 §3). */
export function banner(record: TBannerRecord): TMobileAdBanner {
  return { adId: record.hash, title: record.title, adUrls: imageUrls(record) };
}

/** What the mobile ad modal shows, with the defaults of 02 §2. */
export function adDetails(record: TAdRecord): TMobileAdDetails {
  return {
    adId: record.hash,
    title: record.title,
    buttonText: record.button_text || Texts.AD_BUTTON_DEFAULT,
    blurb: record.blurb || Texts.AD_BLURB_DEFAULT,
    confirmationMessageTitle: record.confirmation_title || Texts.AD_CONFIRMATION_TITLE_DEFAULT,
    confirmationMessage: record.confirmation_message || Texts.AD_CONFIRMATION_DEFAULT,
  };
}
