import { adminEntity, type TAdminEntity, type TAdminEntityKey } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';

/*
 * Where each authored entity lives: its table and the columns the server fills itself (random
 * public hash, slug, timestamps), and the join table of its categories. The fields come from
 * the shared definition (ADMIN_ENTITIES), one per entity.
 */

type TJoin = { table: 'class_categories' | 'podcast_categories' | 'blog_post_categories'; key: string };

export type TAuthoredTable = {
  entity: TAdminEntity;
  table: keyof DB;
  hasHash: boolean;
  hasSlug: boolean;
  hasCreatedAt: boolean;
  hasUpdatedAt: boolean;
  categories?: TJoin;
  /** The join table of its CE tracker topic tags (issue 23). */
  topics?: { table: 'class_topics' | 'podcast_topics'; key: string };
};

function authored(
  key: TAdminEntityKey,
  table: keyof DB,
  extra: Partial<TAuthoredTable> = {},
): TAuthoredTable {
  return {
    entity: adminEntity(key),
    table,
    hasHash: false,
    hasSlug: false,
    hasCreatedAt: true,
    hasUpdatedAt: false,
    ...extra,
  };
}

export const AUTHORED_TABLES: readonly TAuthoredTable[] = [
  authored('classes', 'classes', {
    hasHash: true,
    hasSlug: true,
    hasUpdatedAt: true,
    categories: { table: 'class_categories', key: 'class_id' },
    topics: { table: 'class_topics', key: 'class_id' },
  }),
  authored('podcast-shows', 'podcast_shows', { hasHash: true, hasSlug: true }),
  authored('podcasts', 'podcasts', {
    hasHash: true,
    hasSlug: true,
    hasUpdatedAt: true,
    categories: { table: 'podcast_categories', key: 'podcast_id' },
    topics: { table: 'podcast_topics', key: 'podcast_id' },
  }),
  authored('blog-posts', 'blog_posts', {
    hasSlug: true,
    hasUpdatedAt: true,
    categories: { table: 'blog_post_categories', key: 'blog_post_id' },
  }),
  authored('drilldowns', 'drilldowns', { hasHash: true, hasSlug: true }),
  authored('ebooks', 'ebooks', { hasHash: true }),
  authored('ads', 'ads', { hasHash: true }),
  authored('speakers', 'speakers'),
  authored('companies', 'companies'),
  authored('sponsor-videos', 'sponsor_videos'),
  authored('surveys', 'surveys', { hasHash: true }),
  authored('categories', 'categories', { hasCreatedAt: false }),
  authored('blurbs', 'blurbs', { hasCreatedAt: false, hasUpdatedAt: true }),
];

export function authoredTable(key: TAdminEntityKey): TAuthoredTable {
  const found = AUTHORED_TABLES.find((t) => t.entity.key === key);
  if (!found) throw new Error(`No table for ${key}`);
  return found;
}
