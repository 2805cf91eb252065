import { stripAdMarker } from '@opence/shared';
import type { TBlogObj, TBlogRow } from '@opence/shared/schemas';
import { sanitizeHtml } from '../../lib/html.ts';
import type { TBlogPostRecord, TRecentBlogRecord } from './blog.repo.ts';

/**
 * The post as its page shows it (02 §3). The body is sanitised again on output (03 §4), so a
 * body stored before the sanitiser existed, or written to the database directly, is safe too.
 * Public ids only: the post's id is its slug, its podcast is named by the episode's hash.
 */
export function presentBlogPost(r: TBlogPostRecord): TBlogObj {
  return {
    id: r.slug,
    slug: r.slug,
    title: r.title,
    author: r.author,
    photo: r.photo,
    body: sanitizeHtml(stripAdMarker(r.body)),
    blurb: r.blurb,
    featured: r.featured === 1,
    datePosted: r.published_at,
    podcastId: r.podcast_hash,
    podcastHash: r.podcast_hash,
    podcastShowHash: r.show_hash,
    podcastTitle: r.podcast_title,
  };
}

/** A row of 'Recent Dental Blog Posts', as the blog list gives it (01 §3). */
export function presentRecentBlogPost(r: TRecentBlogRecord): TBlogRow {
  return {
    id: r.slug,
    slug: r.slug,
    title: r.title,
    author: r.author,
    photo: r.photo,
    blurb: r.blurb,
    featured: r.featured === 1,
    datePosted: r.published_at,
  };
}
