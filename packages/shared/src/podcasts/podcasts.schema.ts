import { z } from 'zod';
import { ZOptionalToken, ZPublicId, ZQueryFlag } from '../api.schema.ts';
import { ZStudentData } from '../classroom/classroom.schema.ts';
import { ZBannerAd } from '../drilldowns/drilldowns.schema.ts';

/*
 * The podcast series page and the play log (02 §3 Podcast, §7 podcast, podcast-show,
 * podcast-view). Public ids only: an episode's id is its hash, a show's its hash.
 */

/** GET /api/podcast: p is the episode's hash or slug. */
export const ZPodcastQuery = z.object({ p: ZPublicId, s: ZOptionalToken });
export type TPodcastQuery = z.infer<typeof ZPodcastQuery>;

/** GET /api/podcast-show: ps is the show's hash or slug. */
export const ZPodcastShowQuery = z.object({ ps: ZPublicId, s: ZOptionalToken });
export type TPodcastShowQuery = z.infer<typeof ZPodcastShowQuery>;

/**
 * GET /api/podcast-view: p, s, log, loc and the first-click flag (decision 0602). Our pages send
 * a PlayLocation as loc; any short code is stored, so another client's value is not refused.
 */
export const ZPodcastViewQuery = z.object({
  p: ZPublicId,
  s: ZOptionalToken,
  log: ZQueryFlag.optional(),
  loc: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be a short code.')
    .optional(),
  firstClick: ZQueryFlag.optional(),
});
export type TPodcastViewQuery = z.input<typeof ZPodcastViewQuery>;

/** An episode as the series page shows it (02 §3 Podcast); hasExam is ours (Take Exam). */
export const ZPodcast = z.object({
  id: z.string(),
  hash: z.string(),
  slug: z.string(),
  title: z.string(),
  speakerName: z.string(),
  description: z.string(),
  blurb: z.string(),
  mp3: z.string(),
  photo: z.string().nullable(),
  releaseDate: z.string(),
  releaseDateUTC: z.string(),
  durationSec: z.number().int(),
  credits: z.number(),
  ceTypeId: z.number().int(),
  hasExam: z.boolean(),
  examTaken: z.boolean(),
  examDate: z.string().nullable(),
  examDateLocal: z.string().nullable(),
  certUrl: z.string().nullable(),
  podcastShowHash: z.string(),
  companyName: z.string(),
});
export type TPodcast = z.infer<typeof ZPodcast>;

/** A show (01 §3 Podcast show): data[0] of both calls. */
export const ZPodcastShow = z.object({
  hash: z.string(),
  slug: z.string(),
  title: z.string(),
  sponsorCompanyName: z.string(),
  photo: z.string().nullable(),
  blurb: z.string(),
});
export type TPodcastShow = z.infer<typeof ZPodcastShow>;

/**
 * GET /api/podcast and /api/podcast-show (02 §7, 01 §7): the show (data[0]), the chosen episode
 * (podcast: the one asked for, or the show's newest), every episode of the show
 * (podcasts.data, newest first), the member's record on the chosen episode (studentData, as
 * the classroom gives it) and the show sponsor's banner ads (bannerAds.bannerAds).
 */
export const ZPodcastResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(ZPodcastShow),
  podcast: ZPodcast,
  podcasts: z.object({ status: z.boolean(), data: z.array(ZPodcast) }),
  studentData: ZStudentData,
  bannerAds: z.object({ status: z.boolean(), bannerAds: z.array(ZBannerAd) }),
});
export type TPodcastResponse = z.infer<typeof ZPodcastResponse>;

export const ZPodcastViewResponse = z.object({ status: z.boolean() });
export type TPodcastViewResponse = z.infer<typeof ZPodcastViewResponse>;
