import type { Kysely } from 'kysely';
import { Texts } from '@opence/shared';
import type { TBlogPostResponse } from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { notFound } from '../../lib/api-errors.ts';
import { presentBlogPost, presentRecentBlogPost } from './blog.presenter.ts';
import { insertBlogView, selectBlogPost, selectRecentBlogPosts } from './blog.repo.ts';

/** How many other posts 'Recent Dental Blog Posts' lists (ours: docs/decisions/0604). */
export const RECENT_BLOG_POSTS = 5;

export type TBlogDeps = { db: Kysely<DB>; now?: () => Date };

/** The blog post page (02 §2, §7) and its view log (03 §8). */
export function createBlogService({ db, now = () => new Date() }: TBlogDeps) {
  return {
    /** GET /api/blog-post: the post by slug and the recent posts; logs a view unless blockLog. */
    async blogPost(
      member: TSessionMember | null,
      slug: string,
      blockLog: boolean,
    ): Promise<TBlogPostResponse> {
      const at = nowIso(now());
      const row = await selectBlogPost(db, slug, at);
      if (!row) throw notFound(Texts.SELECT_BLOG_POST);
      const recent = await selectRecentBlogPosts(db, row.id, at, RECENT_BLOG_POSTS);
      if (!blockLog)
        await insertBlogView(db, { id: newId(), blogPostId: row.id, memberId: member?.id ?? null, at });
      return { status: true, blogObj: presentBlogPost(row), data: recent.map(presentRecentBlogPost) };
    },
  };
}

export type TBlogService = ReturnType<typeof createBlogService>;
