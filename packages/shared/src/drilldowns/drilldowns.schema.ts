import { z } from 'zod';
import { ZOptionalToken, ZPublicId, ZQueryFlag } from '../api.schema.ts';
import { ZDrilldownRow } from '../catalog/catalog.schema.ts';

/*
 * The drill-down page, its play log and the banner ad it carries (02 §3 Drill-down, Banner ad;
 * §7 drilldown, drilldown-view, bannerad-click). A drill-down's public id is its hash or slug.
 */

/** GET /api/drilldown: d (hash or slug), s, blockLog (true: do not log the view). */
export const ZDrilldownQuery = z.object({ d: ZPublicId, s: ZOptionalToken, blockLog: ZQueryFlag.optional() });
export type TDrilldownQuery = z.input<typeof ZDrilldownQuery>;

/** GET /api/drilldown-view: d, s. */
export const ZDrilldownViewQuery = z.object({ d: ZPublicId, s: ZOptionalToken });

/** A banner ad (02 §3): hash, url, photo; title is the image's alternative text. */
export const ZBannerAd = z.object({
  hash: z.string(),
  url: z.string(),
  photo: z.string(),
  title: z.string(),
});
export type TBannerAd = z.infer<typeof ZBannerAd>;

/** GET /api/bannerad-click: s, b (the ad's hash). */
export const ZBannerAdClickQuery = z.object({ s: ZOptionalToken, b: ZPublicId });

/** A drill-down as its page shows it (02 §3); videoUrl (ours) is a self-hosted file. */
export const ZDrilldownObj = z.object({
  id: z.string(),
  slug: z.string(),
  hash: z.string(),
  title: z.string(),
  author: z.string(),
  datePosted: z.string(),
  description: z.string(),
  youtubeUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  photo: z.string().nullable(),
});
export type TDrilldownObj = z.infer<typeof ZDrilldownObj>;

/** GET /api/drilldown: the drill-down, its banner ad (or null) and the recent ones (data). */
export const ZDrilldownResponse = z.object({
  status: z.boolean(),
  drilldownObj: ZDrilldownObj,
  bannerAd: ZBannerAd.nullable(),
  data: z.array(ZDrilldownRow),
});
export type TDrilldownResponse = z.infer<typeof ZDrilldownResponse>;

export const ZDrilldownStatusResponse = z.object({ status: z.boolean() });
export type TDrilldownStatusResponse = z.infer<typeof ZDrilldownStatusResponse>;
