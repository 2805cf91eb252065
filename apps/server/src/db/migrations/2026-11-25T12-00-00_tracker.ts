import type { CreateTableBuilder, Kysely } from 'kysely';

/*
 * The CE tracker (issue 23): the controlled topic list and topic tags on classes and podcast
 * episodes, requirement rules per state and licence type (with their provenance), a member's
 * licences with their CE period, and certificates from other providers (the file kept privately
 * in storage). Portable like the initial schema: text ids and days, 0/1 flags, JSON as text.
 */

type Table = CreateTableBuilder<string, string>;

async function table(db: Kysely<unknown>, name: string, build: (t: Table) => Table) {
  await build(db.schema.createTable(name) as unknown as Table).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await table(db, 'tracker_topics', (t) =>
    t
      .addColumn('code', 'text', (c) => c.primaryKey().notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await table(db, 'class_topics', (t) =>
    t
      .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('topic_code', 'text', (c) =>
        c.notNull().references('tracker_topics.code').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('class_topics_pk', ['class_id', 'topic_code']),
  );
  await table(db, 'podcast_topics', (t) =>
    t
      .addColumn('podcast_id', 'text', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
      .addColumn('topic_code', 'text', (c) =>
        c.notNull().references('tracker_topics.code').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('podcast_topics_pk', ['podcast_id', 'topic_code']),
  );
  await db.schema.createIndex('class_topics_topic_code_ix').on('class_topics').column('topic_code').execute();
  await db.schema
    .createIndex('podcast_topics_topic_code_ix')
    .on('podcast_topics')
    .column('topic_code')
    .execute();

  await table(db, 'tracker_rules', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('licence_type', 'text', (c) => c.notNull())
      .addColumn('cycle_years', 'integer')
      .addColumn('cycle_anchor', 'text')
      .addColumn('anchor_type', 'text')
      .addColumn('anchor_month', 'integer')
      .addColumn('anchor_day', 'integer')
      .addColumn('anchor_parity', 'text')
      .addColumn('total_hours', 'double precision')
      .addColumn('self_study_max_hours', 'double precision')
      .addColumn('self_study_max_percent', 'double precision')
      .addColumn('self_study_no_limit', 'integer')
      .addColumn('live_min_hours', 'double precision')
      .addColumn('live_webinar_counts_as_live', 'integer')
      .addColumn('mandatory', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('accepted_providers', 'text')
      .addColumn('carry_over', 'text')
      .addColumn('carry_over_allowed', 'integer')
      .addColumn('carry_over_max_hours', 'double precision')
      .addColumn('notes', 'text')
      .addColumn('sources', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('source_dates', 'text')
      .addColumn('confidence', 'text', (c) => c.notNull())
      .addColumn('verified_on', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('tracker_rules_state_licence_type_uq')
    .on('tracker_rules')
    .columns(['state', 'licence_type'])
    .unique()
    .execute();

  await table(db, 'tracker_licences', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('licence_type', 'text', (c) => c.notNull())
      .addColumn('licence_number', 'text', (c) => c.notNull())
      .addColumn('period_start', 'text', (c) => c.notNull())
      .addColumn('period_end', 'text', (c) => c.notNull())
      .addColumn('carry_over_hours', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('tracker_licences_member_id_ix')
    .on('tracker_licences')
    .column('member_id')
    .execute();

  await table(db, 'tracker_certificates', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('completed_on', 'text', (c) => c.notNull())
      .addColumn('hours', 'double precision', (c) => c.notNull())
      .addColumn('delivery', 'text', (c) => c.notNull())
      .addColumn('topics', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('approval', 'text')
      .addColumn('storage_key', 'text')
      .addColumn('content_type', 'text')
      .addColumn('size_bytes', 'integer')
      .addColumn('original_name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('tracker_certificates_member_id_ix')
    .on('tracker_certificates')
    .column('member_id')
    .execute();
}
