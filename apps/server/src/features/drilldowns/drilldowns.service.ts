import type { Kysely } from 'kysely';
import { AdEvent, Texts } from '@opence/shared';
import type { TDrilldownResponse } from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { notFound } from '../../lib/api-errors.ts';
import { presentBannerAd, presentDrilldown, presentRecentDrilldown } from './drilldowns.presenter.ts';
import { recordAdEvents } from '../../domain/ad-events.ts';
import {
  insertDrilldownView,
  selectBannerAd,
  selectDrilldown,
  selectRecentDrilldowns,
} from './drilldowns.repo.ts';

/** How many other drill-downs 'Recent 5-Minute Drill Downs' lists (ours: docs/decisions/0604). */
export const RECENT_DRILLDOWNS = 5;

export type TDrilldownsDeps = { db: Kysely<DB>; now?: () => Date };

/**
 * Drill-down pages, their view and play logs, and banner ad clicks (02 §2, §7; 03 §8). Views,
 * plays and ad events are counted for visitors too (member_id null).
 */
export function createDrilldownsService({ db, now = () => new Date() }: TDrilldownsDeps) {
  async function findDrilldown(ref: string) {
    const row = await selectDrilldown(db, ref, nowIso(now()));
    if (!row) throw notFound(Texts.SELECT_DRILLDOWN);
    return row;
  }

  return {
    /**
     * GET /api/drilldown: the drill-down, its banner ad and the recent ones. Unless blockLog is
     * set, the page view and the banner ad's view are counted, together.
     */
    async drilldown(
      member: TSessionMember | null,
      ref: string,
      blockLog: boolean,
    ): Promise<TDrilldownResponse> {
      const at = nowIso(now());
      const row = await findDrilldown(ref);
      const recent = await selectRecentDrilldowns(db, row.id, at, RECENT_DRILLDOWNS);
      const bannerAd = presentBannerAd(row);
      if (!blockLog) {
        const memberId = member?.id ?? null;
        await db.transaction().execute(async (trx) => {
          await insertDrilldownView(trx, { id: newId(), drilldownId: row.id, memberId, kind: 'view', at });
          if (bannerAd && row.ad_id) {
            await recordAdEvents(trx, [{ adId: row.ad_id, eventId: AdEvent.VIEW, memberId, at }]);
          }
        });
      }
      return {
        status: true,
        drilldownObj: presentDrilldown(row),
        bannerAd,
        data: recent.map(presentRecentDrilldown),
      };
    },

    /** GET /api/drilldown-view: one play of the drill-down's video. */
    async logPlay(member: TSessionMember | null, ref: string): Promise<{ status: boolean }> {
      const row = await findDrilldown(ref);
      await insertDrilldownView(db, {
        id: newId(),
        drilldownId: row.id,
        memberId: member?.id ?? null,
        kind: 'play',
        at: nowIso(now()),
      });
      return { status: true };
    },

    /** GET /api/bannerad-click: one click of an active banner ad; the browser then opens its url. */
    async bannerAdClick(member: TSessionMember | null, hash: string): Promise<{ status: boolean }> {
      const ad = await selectBannerAd(db, hash);
      if (!ad) throw notFound();
      await recordAdEvents(db, [
        { adId: ad.id, eventId: AdEvent.CLICK, memberId: member?.id ?? null, at: nowIso(now()) },
      ]);
      return { status: true };
    },
  };
}

export type TDrilldownsService = ReturnType<typeof createDrilldownsService>;
