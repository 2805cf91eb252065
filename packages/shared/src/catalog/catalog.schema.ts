import { z } from 'zod';
import { pagedResponse, ZOptionalToken, ZPublicId } from '../api.schema.ts';
import { ZFeaturedContent, ZMobileAds } from '../ads/ads.schema.ts';

/*
 * The content lists (01 §3, §7): rows with the spec's field names, and the answers of home,
 * upcoming, ondemand, premium, podcasts, blog-posts, drilldowns, tutorials and books. Member
 * flags (hasSeat, isWaiting, isReserved, examTaken, gradebookId) are false/empty for a visitor.
 * Public ids only: classId is the class hash, a blog post's id is its slug.
 */

const ZPhoto = z.string().nullable();

/** What every class row shares (01 §3): classId is the class hash. */
const ZClassBasics = z.object({
  classId: z.string(),
  hash: z.string(),
  className: z.string(),
  speakerName: z.string(),
  sponsorCompanyName: z.string(),
  photo: ZPhoto,
  releaseDateUTC: z.string(),
  credits: z.number(),
  creditName: z.string(),
});

/** A live webinar row (01 §3). */
export const ZWebinarRow = ZClassBasics.extend({
  durationMin: z.number().int(),
  hasSeat: z.boolean(),
  isWaiting: z.boolean(),
  isReserved: z.boolean(),
  /** Added beside the spec's fields (decision 1003). */
  seatsLeft: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'Seats not yet taken: 0 when full (a reservation joins the waitlist); null without a seat limit.',
    ),
});
export type TWebinarRow = z.infer<typeof ZWebinarRow>;

/** One of the member's own seats: a webinar row with its cancel code (01 §3). */
export const ZSeatRow = ZWebinarRow.extend({ cancelCode: z.string() });
export type TSeatRow = z.infer<typeof ZSeatRow>;

/**
 * An on-demand class row (01 §3). comingSoon (added beside the spec's fields, decision 1001):
 * the class has no recording yet, so it cannot be viewed nor its exam taken.
 */
export const ZClassRow = ZClassBasics.extend({
  slug: z.string(),
  examTaken: z.boolean(),
  comingSoon: z.boolean().describe('No recording yet: the class cannot be viewed nor its exam taken.'),
  /** Added beside the spec's fields (decision 1030): the list's play mark and length. */
  recordingMin: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'Length in minutes of the recording to play; null when the class has none (a PDF, or not yet).',
    ),
});
export type TClassRow = z.infer<typeof ZClassRow>;

/** A premium course card (01 §3); courseUrl is the external platform's course page. */
export const ZPremiumRow = ZClassBasics.extend({
  slug: z.string(),
  blurb: z.string(),
  numLessons: z.number().int(),
  durationHours: z.number(),
  youtubeUrl: z.string(),
  gradebookId: z.string(),
  learnworldsClassId: z.string(),
  courseUrl: z.string(),
  price: z.number(),
  priceList: z.number(),
  priceDiscountStr: z.string(),
});
export type TPremiumRow = z.infer<typeof ZPremiumRow>;

/** A podcast episode row (01 §3); id is the episode hash. */
export const ZPodcastRow = z.object({
  id: z.string(),
  hash: z.string(),
  podcastShowHash: z.string(),
  title: z.string(),
  speakerName: z.string(),
  companyName: z.string(),
  photo: ZPhoto,
  releaseDateUTC: z.string(),
  credits: z.number(),
  durationSec: z.number().int(),
  examTaken: z.boolean(),
  mp3: z.string(),
  blurb: z.string(),
  description: z.string(),
});
export type TPodcastRow = z.infer<typeof ZPodcastRow>;

/** A blog list row (01 §3); id is the slug. */
export const ZBlogRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  photo: ZPhoto,
  blurb: z.string(),
  featured: z.boolean(),
  datePosted: z.string(),
});
export type TBlogRow = z.infer<typeof ZBlogRow>;

/** A drill-down list row (01 §3). */
export const ZDrilldownRow = z.object({
  hash: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  photo: ZPhoto,
  blurb: z.string(),
  datePosted: z.string(),
});
export type TDrilldownRow = z.infer<typeof ZDrilldownRow>;

/** A product tutorial row (01 §3). */
export const ZTutorialRow = ZClassBasics;
export type TTutorialRow = z.infer<typeof ZTutorialRow>;

/** An eBook (01 §3); pdf is given to members only, who may get the book. */
export const ZEbookRow = z.object({
  hash: z.string(),
  title: z.string(),
  subtitle: z.string(),
  thumbnail: ZPhoto,
  blurbLib: z.string(),
  pdf: z.string(),
  buttonText: z.string().nullable(),
});
export type TEbookRow = z.infer<typeof ZEbookRow>;

export const ZUpcomingResponse = pagedResponse(ZWebinarRow).extend({
  seats: z.array(ZSeatRow),
  mobileAds: ZMobileAds,
});
export type TUpcomingResponse = z.infer<typeof ZUpcomingResponse>;

export const ZOnDemandResponse = pagedResponse(ZClassRow).extend({
  featuredContent: ZFeaturedContent,
  mobileAds: ZMobileAds,
});
export type TOnDemandResponse = z.infer<typeof ZOnDemandResponse>;

export const ZPremiumResponse = pagedResponse(ZPremiumRow);
export type TPremiumResponse = z.infer<typeof ZPremiumResponse>;

export const ZPodcastsResponse = pagedResponse(ZPodcastRow).extend({ featuredContent: ZFeaturedContent });
export type TPodcastsResponse = z.infer<typeof ZPodcastsResponse>;

export const ZBlogPostsResponse = pagedResponse(ZBlogRow).extend({ mobileAds: ZMobileAds });
export type TBlogPostsResponse = z.infer<typeof ZBlogPostsResponse>;

export const ZDrilldownsResponse = pagedResponse(ZDrilldownRow);
export type TDrilldownsResponse = z.infer<typeof ZDrilldownsResponse>;

export const ZTutorialsResponse = pagedResponse(ZTutorialRow).extend({ mobileAds: ZMobileAds });
export type TTutorialsResponse = z.infer<typeof ZTutorialsResponse>;

export const ZBooksResponse = pagedResponse(ZEbookRow);
export type TBooksResponse = z.infer<typeof ZBooksResponse>;

/** A section of the home feed or the search answer. */
const section = <T extends z.ZodTypeAny>(row: T) => z.object({ status: z.boolean(), data: z.array(row) });

export const ZWebinarSection = section(ZWebinarRow).extend({ seats: z.array(ZSeatRow) });
export type TWebinarSection = z.infer<typeof ZWebinarSection>;
export const ZClassSection = section(ZClassRow);
export const ZPodcastSection = section(ZPodcastRow);
export const ZBlogSection = section(ZBlogRow);

/** GET /api/home (01 §3): webinars {data, seats}, classes {data}, podcasts {data}. */
export const ZHomeResponse = z.object({
  status: z.boolean(),
  webinars: ZWebinarSection,
  classes: ZClassSection,
  podcasts: ZPodcastSection,
});
export type THomeResponse = z.infer<typeof ZHomeResponse>;

export const ZHomeQuery = z.object({ s: ZOptionalToken });

/** POST /api/book-response-mvp (01 §7): the member's token (or a Bearer header) and the book hash. */
export const ZBookRequest = z.object({ s: ZOptionalToken, h: ZPublicId });
export type TBookRequest = z.infer<typeof ZBookRequest>;
