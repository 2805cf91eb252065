import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

/** Every category, in the order staff gave them. */
export function selectCategories(db: Kysely<DB>) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('sort').orderBy('name').execute();
}

/**
 * Companies that sponsor a published class, podcast or blog post: filtering by any other
 * company could only ever find nothing.
 */
export function selectSponsorCompanies(db: Kysely<DB>) {
  return db
    .selectFrom('companies')
    .select(['companies.id', 'companies.name'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('classes')
            .select('classes.id')
            .whereRef('classes.company_id', '=', 'companies.id')
            .where('classes.is_published', '=', 1),
        ),
        eb.exists(
          eb
            .selectFrom('podcasts')
            .select('podcasts.id')
            .whereRef('podcasts.company_id', '=', 'companies.id')
            .where('podcasts.is_published', '=', 1),
        ),
        eb.exists(
          eb
            .selectFrom('blog_posts')
            .select('blog_posts.id')
            .whereRef('blog_posts.company_id', '=', 'companies.id')
            .where('blog_posts.is_published', '=', 1),
        ),
      ]),
    )
    .orderBy('companies.name')
    .execute();
}
