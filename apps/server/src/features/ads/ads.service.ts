import { AdEvent } from '@opence/shared';
import type { TMobileAdDetails, TMobileAds } from '@opence/shared/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { notFound, rateLimited } from '../../lib/api-errors.ts';
import { adDetails, banner } from './ads.presenter.ts';
import * as repo from './ads.repo.ts';

export type TAdsDeps = {
  db: Kysely<DB>;
  /** Site settings (key → value): mobileAdIndexStart and mobileAdInterval place the banners. */
  settings: () => Promise<Record<string, string>>;
  now?: () => Date;
};

/** E-mails one address may leave in banners per hour: enough for a person, not for a script. */
const LEADS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

function wholeNumber(value: string | undefined): number | null {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * Mobile banner ads and featured teasers (02 §2, 03 §8): the banners a list carries, the
 * modal's details, and the counting of views, clicks and leads.
 */
export function createAdsService(deps: TAdsDeps) {
  const { db } = deps;
  const now = () => nowIso(deps.now?.() ?? new Date());

  async function activeAd(hash: string) {
    const ad = await repo.selectMobileAd(db, hash);
    if (!ad) throw notFound();
    return ad;
  }

  return {
    /** Placement and banner sets for the lists that carry them; null when there is nothing to show. */
    async mobileAdsForLists(): Promise<TMobileAds> {
      const [settings, records] = await Promise.all([deps.settings(), repo.selectListBanners(db)]);
      const indexStart = wholeNumber(settings.mobileAdIndexStart);
      const interval = wholeNumber(settings.mobileAdInterval);
      const banners = records.map(banner).filter((b) => b.adUrls.length > 0);
      if (indexStart === null || !interval || banners.length === 0) return null;
      return { indexStart, interval, rows: banners.length, banners };
    },

    /** GET /api/mobilead: the modal's texts, loaded when a banner is tapped, so it counts a click. */
    async details(hash: string, memberId: string | null): Promise<TMobileAdDetails> {
      const ad = await activeAd(hash);
      await repo.insertAdEvent(db, { id: newId(), adId: ad.id, eventId: AdEvent.CLICK, memberId, at: now() });
      return adDetails(ad);
    },

    /** POST /api/mobilead-view: a banner was seen in a list. */
    async view(hash: string, memberId: string | null): Promise<void> {
      const ad = await activeAd(hash);
      await repo.insertAdEvent(db, { id: newId(), adId: ad.id, eventId: AdEvent.VIEW, memberId, at: now() });
    },

    /** POST /api/mobilead-submit: stores the e-mail as a lead for the ad's sponsor. */
    async submitLead(hash: string, email: string, memberId: string | null, address: string): Promise<void> {
      const ad = await activeAd(hash);
      const hit = await hitRateLimit(db, `adlead:${address}`, LEADS_PER_HOUR, HOUR_MS);
      if (!hit.allowed) throw rateLimited();
      await repo.insertAdLead(db, { id: newId(), adId: ad.id, memberId, email, at: now() });
    },

    /** POST /api/featuredcontent-click: counts a click on a featured teaser by slot type. */
    async featuredClick(slotTypeId: number, targetHash: string, memberId: string | null): Promise<void> {
      if (!(await repo.featuredTargetExists(db, slotTypeId, targetHash))) throw notFound();
      await repo.insertFeaturedClick(db, { id: newId(), slotTypeId, targetHash, memberId, at: now() });
    },
  };
}

export type TAdsService = ReturnType<typeof createAdsService>;
