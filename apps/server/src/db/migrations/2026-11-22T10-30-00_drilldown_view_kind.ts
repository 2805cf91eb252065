import type { Kysely } from 'kysely';

/*
 * A drill-down is logged twice over (03 §8, 02 §7): its page is viewed (drilldown, unless
 * blockLog) and its video is played (drilldown-view). kind tells the two rows apart so neither
 * count includes the other (docs/decisions/0603).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('drilldown_views')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('view'))
    .execute();
}
