import { z } from 'zod';
import { ZOptionalToken, ZPublicId, ZQueryFlag } from '../api.schema.ts';
import { ZBlogRow } from '../catalog/catalog.schema.ts';

/*
 * The blog post page (02 §3 Blog post, §7 blog-post). A post's public id is its slug, as in the
 * blog list; the podcast it comes from is named by the episode's and the show's hashes.
 */

/** GET /api/blog-post: b (the post's slug), s, blockLog (true: do not log the view). */
export const ZBlogPostQuery = z.object({ b: ZPublicId, s: ZOptionalToken, blockLog: ZQueryFlag.optional() });
export type TBlogPostQuery = z.input<typeof ZBlogPostQuery>;

/** A post as its page shows it (02 §3); body is sanitised HTML without the ad marker. */
export const ZBlogObj = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  photo: z.string().nullable(),
  body: z.string(),
  blurb: z.string(),
  featured: z.boolean(),
  datePosted: z.string(),
  podcastId: z.string().nullable(),
  podcastHash: z.string().nullable(),
  podcastShowHash: z.string().nullable(),
  podcastTitle: z.string().nullable(),
});
export type TBlogObj = z.infer<typeof ZBlogObj>;

/** GET /api/blog-post: the post and the recent posts (data, newest first, without this one). */
export const ZBlogPostResponse = z.object({
  status: z.boolean(),
  blogObj: ZBlogObj,
  data: z.array(ZBlogRow),
});
export type TBlogPostResponse = z.infer<typeof ZBlogPostResponse>;
