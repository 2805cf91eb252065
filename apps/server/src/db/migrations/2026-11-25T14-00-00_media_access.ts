import type { Kysely } from 'kysely';

/*
 * Media everyone can use (issue 26, docs/decisions/0610): where each member stopped in each
 * episode or video, the member's player preferences, and the captions and transcripts staff
 * upload. Media are named by a key "kind:hash" (podcast, class, drilldown, sponsor-video), so one
 * table serves every kind of player without a column per owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_positions')
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('media', 'text', (c) => c.notNull())
    .addColumn('position_sec', 'double precision', (c) => c.notNull())
    .addColumn('duration_sec', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_positions_pk', ['member_id', 'media'])
    .execute();

  await db.schema
    .createTable('media_prefs')
    .addColumn('member_id', 'text', (c) =>
      c.primaryKey().notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('speed', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('captions_on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media_captions')
    .addColumn('media', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('vtt', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_captions_pk', ['media', 'lang'])
    .execute();

  await db.schema
    .createTable('media_transcripts')
    .addColumn('media', 'text', (c) => c.primaryKey().notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    /** The words alone, for site search. */
    .addColumn('plain', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
