import { z } from 'zod';
import { ZOptionalToken, ZPublicId } from '../api.schema.ts';
import { EMAIL_PATTERN } from '../accounts/accounts.rules.ts';
import { AdSlotType } from '../constants.ts';
import { Texts } from '../texts.ts';

/*
 * Mobile banner ads and featured content (01 §3, 02 §2, §3, §7): the parts of list answers
 * that carry them, and the calls that count views, clicks and leads.
 */

/** A banner set (01 §9): 1 or 4 image URLs; title is the images' alternative text. */
export const ZMobileAdBanner = z.object({
  adId: z.string(),
  title: z.string(),
  adUrls: z.array(z.string()),
});
export type TMobileAdBanner = z.infer<typeof ZMobileAdBanner>;

/** Placement and banners of a list (01 §3); null when there are none to show. */
export const ZMobileAds = z
  .object({
    indexStart: z.number().int(),
    interval: z.number().int(),
    rows: z.number().int(),
    banners: z.array(ZMobileAdBanner),
  })
  .nullable();
export type TMobileAds = z.infer<typeof ZMobileAds>;

/** GET /api/mobilead (s, a) and POST /api/mobilead-view (s, a). */
export const ZMobileAdQuery = z.object({ s: ZOptionalToken, a: ZPublicId });

export const ZMobileAdDetails = z.object({
  adId: z.string(),
  title: z.string(),
  buttonText: z.string(),
  blurb: z.string(),
  confirmationMessageTitle: z.string(),
  confirmationMessage: z.string(),
});
export type TMobileAdDetails = z.infer<typeof ZMobileAdDetails>;

export const ZMobileAdResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(ZMobileAdDetails),
});
export type TMobileAdResponse = z.infer<typeof ZMobileAdResponse>;

/** The e-mail a banner asks for (02 §5): trimmed, required, valid. */
export const ZMobileAdEmail = z
  .string({ error: Texts.EMAIL_REQUIRED })
  .trim()
  .min(1, Texts.EMAIL_REQUIRED)
  .max(254, Texts.EMAIL_INVALID)
  .regex(EMAIL_PATTERN, Texts.EMAIL_INVALID);

/** The form of the mobile ad modal. */
export const ZMobileAdForm = z.object({ e: ZMobileAdEmail });
export type TMobileAdForm = z.infer<typeof ZMobileAdForm>;

/** POST /api/mobilead-submit (s, a, e). */
export const ZMobileAdSubmit = ZMobileAdForm.extend({ s: ZOptionalToken, a: ZPublicId });
export type TMobileAdSubmit = z.infer<typeof ZMobileAdSubmit>;

/** Featured content slot types (02 §9): class 36, podcast 37, blog 38. */
export const FEATURED_SLOT_TYPES = [
  AdSlotType.FEATURED_CLASS,
  AdSlotType.FEATURED_PODCAST,
  AdSlotType.FEATURED_BLOG,
] as const;

/** POST /api/featuredcontent-click (s, t, h): the slot type and the featured item's public id. */
export const ZFeaturedClick = z.object({
  s: ZOptionalToken,
  t: z.coerce
    .number()
    .int()
    .refine((t) => (FEATURED_SLOT_TYPES as readonly number[]).includes(t), 'Must be a featured slot type.'),
  h: ZPublicId,
});
export type TFeaturedClick = z.infer<typeof ZFeaturedClick>;

/** Featured class (02 §3); name is the speaker. */
export const ZFeaturedClass = z.object({
  hash: z.string(),
  slug: z.string(),
  photo: z.string().nullable(),
  className: z.string(),
  name: z.string(),
  companyName: z.string(),
  credits: z.number(),
  creditName: z.string(),
  blurb: z.string(),
});
export type TFeaturedClass = z.infer<typeof ZFeaturedClass>;

/** Featured podcast (02 §3); lobbyTypeId 1 marks the featured one. */
export const ZFeaturedPodcast = z.object({
  hash: z.string(),
  podcastShowHash: z.string(),
  photo: z.string().nullable(),
  title: z.string(),
  speakerName: z.string(),
  companyName: z.string(),
  credits: z.number(),
  durationSec: z.number().int(),
  featuredBlurb: z.string(),
  mp3: z.string(),
  lobbyTypeId: z.number().int(),
});
export type TFeaturedPodcast = z.infer<typeof ZFeaturedPodcast>;

/** Featured blog post (02 §3); id is the post's slug, its public id. */
export const ZFeaturedBlog = z.object({
  id: z.string(),
  title: z.string(),
  blurb: z.string(),
  photo: z.string().nullable(),
  featured: z.boolean(),
});
export type TFeaturedBlog = z.infer<typeof ZFeaturedBlog>;

const featuredItem = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ status: z.boolean(), rowCount: z.number().int(), data: z.array(item) });

/** featuredContent of on-demand, podcasts and search (01 §3, 02 §7). */
export const ZFeaturedContent = z.object({
  status: z.boolean(),
  featuredClass: featuredItem(ZFeaturedClass),
  featuredPodcast: featuredItem(ZFeaturedPodcast),
  featuredBlog: featuredItem(ZFeaturedBlog),
  featuredHash: z.string(),
});
export type TFeaturedContent = z.infer<typeof ZFeaturedContent>;
