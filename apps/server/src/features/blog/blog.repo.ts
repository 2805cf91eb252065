import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB>;

/** A published blog post by its slug, with the podcast episode (and show) it comes from. */
export function selectBlogPost(db: TDb, slug: string, now: string) {
  return db
    .selectFrom('blog_posts')
    .leftJoin('podcasts', (join) =>
      join.onRef('podcasts.id', '=', 'blog_posts.podcast_id').on('podcasts.is_published', '=', 1),
    )
    .leftJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
    .select([
      'blog_posts.id',
      'blog_posts.slug',
      'blog_posts.title',
      'blog_posts.author',
      'blog_posts.photo',
      'blog_posts.body',
      'blog_posts.blurb',
      'blog_posts.featured',
      'blog_posts.published_at',
      'podcasts.hash as podcast_hash',
      'podcasts.title as podcast_title',
      'podcast_shows.hash as show_hash',
    ])
    .where('blog_posts.slug', '=', slug)
    .where('blog_posts.is_published', '=', 1)
    .where('blog_posts.published_at', '<=', now)
    .executeTakeFirst();
}
export type TBlogPostRecord = NonNullable<Awaited<ReturnType<typeof selectBlogPost>>>;

/** The newest published posts other than the one shown. */
export function selectRecentBlogPosts(db: TDb, exceptId: string, now: string, limit: number) {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'author', 'photo', 'blurb', 'featured', 'published_at'])
    .where('is_published', '=', 1)
    .where('published_at', '<=', now)
    .where('id', '!=', exceptId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
export type TRecentBlogRecord = Awaited<ReturnType<typeof selectRecentBlogPosts>>[number];

/** One view of a post (03 §8). */
export async function insertBlogView(
  db: TDb,
  row: { id: string; blogPostId: string; memberId: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('blog_views')
    .values({ id: row.id, blog_post_id: row.blogPostId, member_id: row.memberId, viewed_at: row.at })
    .execute();
}
