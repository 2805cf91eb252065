import type { TBannerAd, TDrilldownObj } from '@opence/shared/schemas';
import type { TDrilldownRow } from '@opence/shared/schemas';
import type { TDrilldownRecord, TRecentDrilldownRecord } from './drilldowns.repo.ts';

/** The drill-down as its page shows it (02 §3); its public id is the hash. */
export function presentDrilldown(r: TDrilldownRecord): TDrilldownObj {
  return {
    id: r.hash,
    slug: r.slug,
    hash: r.hash,
    title: r.title,
    author: r.author,
    datePosted: r.posted_at,
    description: r.description,
    youtubeUrl: r.youtube_url,
    videoUrl: r.video_url,
    photo: r.photo,
  };
}

/** The banner ad of a drill-down, when it has an active one with a link and an image. */
export function presentBannerAd(r: TDrilldownRecord): TBannerAd | null {
  if (!r.ad_hash || !r.ad_url || !r.ad_photo) return null;
  return { hash: r.ad_hash, url: r.ad_url, photo: r.ad_photo, title: r.ad_title ?? '' };
}

/** A row of 'Recent 5-Minute Drill Downs', as the drill-down list gives it (01 §3). */
export function presentRecentDrilldown(r: TRecentDrilldownRecord): TDrilldownRow {
  return {
    hash: r.hash,
    slug: r.slug,
    title: r.title,
    author: r.author,
    photo: r.photo,
    blurb: r.blurb,
    datePosted: r.posted_at,
  };
}
