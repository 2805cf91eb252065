import type { CreateTableBuilder, Kysely } from 'kysely';

/*
 * The whole data model of 01 §3, 02 §3 and 03. Frozen: later changes are new migrations.
 * Portable on purpose: ids are text (random, 03 §2), timestamps ISO-8601 UTC text (sortable,
 * identical on both engines), booleans integer 0/1, money and credits double precision.
 */

type Table = CreateTableBuilder<string, string>;

const id = (t: Table) => t.addColumn('id', 'text', (c) => c.primaryKey().notNull());
const createdAt = (t: Table) => t.addColumn('created_at', 'text', (c) => c.notNull());
const flag = (t: Table, name: string) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));

async function table(db: Kysely<unknown>, name: string, build: (t: Table) => Table) {
  await build(db.schema.createTable(name) as unknown as Table).execute();
}

async function index(db: Kysely<unknown>, table: string, columns: string[], unique = false) {
  const name = `${table}_${columns.join('_')}_${unique ? 'uq' : 'ix'}`;
  let builder = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) builder = builder.unique();
  await builder.execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Site
  await table(db, 'settings', (t) =>
    t
      .addColumn('key', 'text', (c) => c.primaryKey().notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  );
  await table(db, 'blurbs', (t) =>
    t
      .addColumn('code', 'text', (c) => c.primaryKey().notNull())
      .addColumn('blurb', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  );
  await table(db, 'account_items', (t) =>
    id(t)
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await index(db, 'account_items', ['list', 'value'], true);

  // Members and sessions
  await table(db, 'members', (t) => {
    let b = id(t)
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_key', 'text', (c) => c.notNull().unique())
      .addColumn('email2', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull());
    for (const col of [
      'title',
      'firstname',
      'lastname',
      'job_title',
      'office_name',
      'address',
      'city',
      'state',
      'zip',
      'phone',
      'gender',
      'age_range',
      'office_size',
      'source_heard',
      'license_number',
      'license_state',
    ]) {
      b = b.addColumn(col, 'text');
    }
    b = b
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('US'))
      .addColumn('cert_year', 'integer')
      .addColumn('agd_number', 'text', (c) => c.unique())
      .addColumn('time_zone', 'text');
    b = flag(b, 'is_phone_mobile');
    b = flag(b, 'hide_agd_reminder');
    b = createdAt(b)
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('erased_at', 'text');
    return b;
  });
  await index(db, 'members', ['created_at']);

  await table(db, 'sessions', (t) =>
    createdAt(
      id(t)
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique()),
    ).addColumn('last_used_at', 'text', (c) => c.notNull()),
  );
  await index(db, 'sessions', ['member_id']);

  await table(db, 'password_resets', (t) =>
    createdAt(
      id(t)
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text'),
    ),
  );
  await table(db, 'gdpr_requests', (t) =>
    createdAt(
      id(t)
        .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text'),
    ),
  );
  // Fixed-window counters shared by every process (03 §1: rate limits hold across processes).
  await table(db, 'rate_limits', (t) =>
    t
      .addColumn('key', 'text', (c) => c.primaryKey().notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull()),
  );

  // Content
  await table(db, 'categories', (t) =>
    id(t)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await table(db, 'companies', (t) =>
    createdAt(
      id(t)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('photo', 'text')
        .addColumn('website', 'text')
        .addColumn('contact_email', 'text'),
    ),
  );
  await table(db, 'speakers', (t) =>
    createdAt(
      id(t)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('credentials', 'text')
        .addColumn('photo', 'text')
        .addColumn('bio', 'text'),
    ),
  );
  await table(db, 'sponsor_videos', (t) =>
    flag(
      createdAt(
        id(t)
          .addColumn('company_id', 'text', (c) => c.references('companies.id'))
          .addColumn('youtube_id', 'text')
          .addColumn('video_url', 'text')
          .addColumn('headline', 'text', (c) => c.notNull())
          .addColumn('blurb', 'text', (c) => c.notNull())
          .addColumn('headline_buttons', 'text')
          .addColumn('button_text_yes', 'text', (c) => c.notNull())
          .addColumn('button_text_no', 'text', (c) => c.notNull()),
      ),
      'is_active',
    ),
  );
  await table(db, 'surveys', (t) =>
    createdAt(
      id(t)
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('company_id', 'text', (c) => c.references('companies.id')),
    ),
  );
  await table(db, 'survey_questions', (t) =>
    id(t)
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('submit_label', 'text'),
  );
  await index(db, 'survey_questions', ['survey_id', 'position']);
  await table(db, 'survey_choices', (t) =>
    id(t)
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('question_id', 'text', (c) =>
        c.notNull().references('survey_questions.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull()),
  );
  await index(db, 'survey_choices', ['question_id', 'position']);

  await table(db, 'classes', (t) => {
    let b = id(t)
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('type_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('blurb', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('lesson_blurb', 'text')
      .addColumn('learning_objectives', 'text')
      .addColumn('photo', 'text')
      .addColumn('speaker_id', 'text', (c) => c.references('speakers.id'))
      .addColumn('company_id', 'text', (c) => c.references('companies.id'))
      .addColumn('release_at', 'text', (c) => c.notNull())
      .addColumn('duration_min', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('credits', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('ce_type_id', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('agd_code', 'text')
      .addColumn('agd_category', 'text')
      .addColumn('course_number', 'text')
      .addColumn('ca_course_number', 'text')
      .addColumn('review_date', 'text')
      .addColumn('expiry_date', 'text')
      .addColumn('capacity', 'integer')
      .addColumn('zoom_code', 'text')
      .addColumn('youtube_url', 'text')
      .addColumn('video_url', 'text')
      .addColumn('pdf_url', 'text')
      .addColumn('price', 'double precision')
      .addColumn('price_list', 'double precision')
      .addColumn('price_discount_str', 'text')
      .addColumn('learnworlds_class_id', 'text')
      .addColumn('num_lessons', 'integer')
      .addColumn('duration_hours', 'double precision')
      .addColumn('exam_delay_min', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sponsor_video_id', 'text', (c) => c.references('sponsor_videos.id'))
      .addColumn('survey_id', 'text', (c) => c.references('surveys.id'))
      .addColumn('privacy_title', 'text')
      .addColumn('privacy_blurb', 'text')
      .addColumn('privacy_learnmore', 'text')
      .addColumn('recording_attached_at', 'text')
      .addColumn('exam_open_mailed_at', 'text');
    b = flag(b, 'is_tutorial');
    b = flag(b, 'is_ca_dental_board');
    b = b.addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1));
    return createdAt(b).addColumn('updated_at', 'text', (c) => c.notNull());
  });
  await index(db, 'classes', ['type_id', 'release_at']);
  await index(db, 'classes', ['is_tutorial', 'release_at']);
  await index(db, 'classes', ['company_id']);
  await index(db, 'classes', ['speaker_id']);

  await table(db, 'class_categories', (t) =>
    t
      .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('class_categories_pk', ['class_id', 'category_id']),
  );
  await index(db, 'class_categories', ['category_id', 'class_id']);

  // Podcasts
  await table(db, 'podcast_shows', (t) =>
    createdAt(
      id(t)
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('company_id', 'text', (c) => c.references('companies.id'))
        .addColumn('photo', 'text')
        .addColumn('blurb', 'text', (c) => c.notNull().defaultTo('')),
    ),
  );
  await table(db, 'podcasts', (t) => {
    const b = id(t)
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('show_id', 'text', (c) => c.notNull().references('podcast_shows.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('speaker_id', 'text', (c) => c.references('speakers.id'))
      .addColumn('company_id', 'text', (c) => c.references('companies.id'))
      .addColumn('photo', 'text')
      .addColumn('mp3', 'text', (c) => c.notNull())
      .addColumn('blurb', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('featured_blurb', 'text')
      .addColumn('release_at', 'text', (c) => c.notNull())
      .addColumn('duration_sec', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('credits', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('ce_type_id', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('agd_code', 'text')
      .addColumn('course_number', 'text')
      .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1));
    return createdAt(b).addColumn('updated_at', 'text', (c) => c.notNull());
  });
  await index(db, 'podcasts', ['show_id', 'release_at']);
  await index(db, 'podcasts', ['release_at']);
  await table(db, 'podcast_categories', (t) =>
    t
      .addColumn('podcast_id', 'text', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
      .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('podcast_categories_pk', ['podcast_id', 'category_id']),
  );
  await table(db, 'podcast_plays', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('podcast_id', 'text', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('source', 'text')
      .addColumn('played_at', 'text', (c) => c.notNull()),
  );
  await index(db, 'podcast_plays', ['podcast_id', 'played_at']);
  await index(db, 'podcast_plays', ['member_id']);

  // Seats and waitlist (03 §5): one row per member and class; cancel_code is the public handle.
  await table(db, 'seats', (t) => {
    let b = id(t)
      .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('cancel_code', 'text', (c) => c.notNull().unique())
      .addColumn('privacy_optin', 'integer')
      .addColumn('started_at', 'text')
      .addColumn('attended', 'integer')
      .addColumn('promoted_at', 'text');
    b = flag(b, 'is_waiting');
    return createdAt(b);
  });
  await index(db, 'seats', ['class_id', 'member_id'], true);
  await index(db, 'seats', ['class_id', 'is_waiting', 'created_at']);
  await index(db, 'seats', ['member_id']);

  // The learning record of a member on a class or podcast: views, evaluation, start, end.
  await table(db, 'gradebook', (t) =>
    createdAt(
      id(t)
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('cascade'))
        .addColumn('podcast_id', 'text', (c) => c.references('podcasts.id').onDelete('cascade'))
        .addColumn('ce_type_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_viewed_at', 'text')
        .addColumn('eval_taken_at', 'text')
        .addColumn('sponsor_answered_at', 'text')
        .addColumn('survey_done_at', 'text')
        .addColumn('started_at', 'text')
        .addColumn('ended_at', 'text')
        .addColumn('attended', 'integer')
        .addColumn('completed_at', 'text'),
    ),
  );
  await index(db, 'gradebook', ['member_id', 'class_id'], true);
  await index(db, 'gradebook', ['member_id', 'podcast_id'], true);
  await index(db, 'gradebook', ['member_id', 'completed_at', 'last_viewed_at']);

  await table(db, 'class_views', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('viewed_at', 'text', (c) => c.notNull()),
  );
  await index(db, 'class_views', ['class_id', 'viewed_at']);
  await index(db, 'class_views', ['member_id', 'viewed_at']);

  const ratings = [
    'course_objectives',
    'course_useful',
    'course_appropriate',
    'course_logical',
    'instructor_communication',
    'instructor_preparedness',
    'instructor_effectiveness',
    'site_presentation',
    'site_navigation',
    'site_comparison',
  ];
  await table(db, 'evaluations', (t) => {
    let b = id(t)
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('cascade'))
      .addColumn('podcast_id', 'text', (c) => c.references('podcasts.id').onDelete('cascade'));
    for (const r of ratings) b = b.addColumn(r, 'integer', (c) => c.notNull());
    return createdAt(b.addColumn('comments', 'text').addColumn('other_topics', 'text'));
  });
  await index(db, 'evaluations', ['class_id']);
  await index(db, 'evaluations', ['podcast_id']);
  await index(db, 'evaluations', ['member_id']);

  await table(db, 'sponsor_video_answers', (t) =>
    createdAt(
      id(t)
        .addColumn('sponsor_video_id', 'text', (c) =>
          c.notNull().references('sponsor_videos.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('cascade'))
        .addColumn('answer', 'integer', (c) => c.notNull()),
    ),
  );
  await index(db, 'sponsor_video_answers', ['sponsor_video_id']);
  await index(db, 'sponsor_video_answers', ['member_id']);

  await table(db, 'survey_answers', (t) =>
    createdAt(
      id(t)
        .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('question_id', 'text', (c) =>
          c.notNull().references('survey_questions.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('cascade'))
        .addColumn('session_hash', 'text')
        .addColumn('choice_hashes', 'text', (c) => c.notNull()),
    ),
  );
  await index(db, 'survey_answers', ['survey_id', 'question_id']);
  await index(db, 'survey_answers', ['member_id']);

  // Exams, attempts, completions (03 §6, §7)
  await table(db, 'exams', (t) =>
    createdAt(
      id(t)
        .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('cascade'))
        .addColumn('podcast_id', 'text', (c) => c.references('podcasts.id').onDelete('cascade'))
        .addColumn('min_score', 'integer', (c) => c.notNull().defaultTo(70)),
    ),
  );
  await index(db, 'exams', ['class_id'], true);
  await index(db, 'exams', ['podcast_id'], true);
  await table(db, 'exam_questions', (t) => {
    let b = id(t)
      .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('question', 'text', (c) => c.notNull());
    for (let i = 1; i <= 6; i++) b = b.addColumn(`option${i}`, 'text');
    return b.addColumn('correct_option', 'integer', (c) => c.notNull());
  });
  await index(db, 'exam_questions', ['exam_id', 'position']);
  await table(db, 'exam_attempts', (t) =>
    flag(
      createdAt(
        id(t)
          .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id').onDelete('cascade'))
          .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('answers', 'text', (c) => c.notNull())
          .addColumn('score', 'double precision', (c) => c.notNull())
          .addColumn('local_day', 'text', (c) => c.notNull())
          .addColumn('counts_toward_limit', 'integer', (c) => c.notNull().defaultTo(1)),
      ),
      'passed',
    ),
  );
  await index(db, 'exam_attempts', ['member_id', 'local_day']);
  await index(db, 'exam_attempts', ['exam_id']);
  // Per member and local day: the daily exam limit is an atomic conditional update of this row.
  await table(db, 'exam_day_counts', (t) =>
    t
      .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
      .addColumn('local_day', 'text', (c) => c.notNull())
      .addColumn('submitted', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('exam_day_counts_pk', ['member_id', 'local_day']),
  );

  await table(db, 'agd_submissions', (t) =>
    createdAt(
      id(t)
        .addColumn('run_key', 'text', (c) => c.notNull().unique())
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('period_end', 'text', (c) => c.notNull())
        .addColumn('csv', 'text')
        .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('held_back', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('finished_at', 'text'),
    ),
  );

  await table(db, 'completions', (t) =>
    createdAt(
      id(t)
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('class_id', 'text', (c) => c.references('classes.id'))
        .addColumn('podcast_id', 'text', (c) => c.references('podcasts.id'))
        .addColumn('exam_attempt_id', 'text', (c) => c.references('exam_attempts.id'))
        .addColumn('completed_at', 'text', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('credits', 'double precision', (c) => c.notNull())
        .addColumn('ce_type_id', 'integer', (c) => c.notNull())
        .addColumn('agd_code', 'text')
        .addColumn('certificate_number', 'text', (c) => c.notNull().unique())
        .addColumn('certificate_issues', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('agd_submission_id', 'text', (c) => c.references('agd_submissions.id'))
        .addColumn('agd_submitted_at', 'text'),
    ),
  );
  await index(db, 'completions', ['member_id', 'class_id'], true);
  await index(db, 'completions', ['member_id', 'podcast_id'], true);
  await index(db, 'completions', ['member_id', 'completed_at']);
  await index(db, 'completions', ['agd_submitted_at', 'completed_at']);

  // Blog, drill-downs, eBooks
  await table(db, 'blog_posts', (t) =>
    flag(
      createdAt(
        id(t)
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('photo', 'text')
          .addColumn('blurb', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('podcast_id', 'text', (c) => c.references('podcasts.id').onDelete('set null'))
          .addColumn('company_id', 'text', (c) => c.references('companies.id'))
          .addColumn('published_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull()),
      ),
      'featured',
    ).addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1)),
  );
  await index(db, 'blog_posts', ['published_at']);
  await table(db, 'blog_post_categories', (t) =>
    t
      .addColumn('blog_post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
      .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('blog_post_categories_pk', ['blog_post_id', 'category_id']),
  );
  await table(db, 'blog_views', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('blog_post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('viewed_at', 'text', (c) => c.notNull()),
  );
  await index(db, 'blog_views', ['blog_post_id']);

  await table(db, 'ads', (t) =>
    flag(
      createdAt(
        id(t)
          .addColumn('hash', 'text', (c) => c.notNull().unique())
          .addColumn('slot_type_id', 'integer', (c) => c.notNull())
          .addColumn('company_id', 'text', (c) => c.references('companies.id'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('url', 'text')
          .addColumn('photo', 'text')
          .addColumn('image_urls', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('button_text', 'text')
          .addColumn('blurb', 'text')
          .addColumn('confirmation_title', 'text')
          .addColumn('confirmation_message', 'text')
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
      ),
      'is_active',
    ),
  );
  await index(db, 'ads', ['slot_type_id', 'is_active', 'sort']);
  await table(db, 'ad_events', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('ad_id', 'text', (c) => c.notNull().references('ads.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('at', 'text', (c) => c.notNull()),
  );
  await index(db, 'ad_events', ['ad_id', 'event_id']);
  await table(db, 'ad_leads', (t) =>
    createdAt(
      id(t)
        .addColumn('ad_id', 'text', (c) => c.notNull().references('ads.id').onDelete('cascade'))
        .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('email', 'text', (c) => c.notNull()),
    ),
  );
  await index(db, 'ad_leads', ['ad_id']);

  await table(db, 'drilldowns', (t) =>
    createdAt(
      id(t)
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('posted_at', 'text', (c) => c.notNull())
        .addColumn('blurb', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('youtube_url', 'text')
        .addColumn('video_url', 'text')
        .addColumn('photo', 'text')
        .addColumn('banner_ad_id', 'text', (c) => c.references('ads.id').onDelete('set null'))
        .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1)),
    ),
  );
  await index(db, 'drilldowns', ['posted_at']);
  await table(db, 'drilldown_views', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('drilldown_id', 'text', (c) => c.notNull().references('drilldowns.id').onDelete('cascade'))
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('viewed_at', 'text', (c) => c.notNull()),
  );
  await index(db, 'drilldown_views', ['drilldown_id']);

  await table(db, 'ebooks', (t) =>
    createdAt(
      id(t)
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text')
        .addColumn('thumbnail', 'text')
        .addColumn('blurb', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('pdf', 'text', (c) => c.notNull())
        .addColumn('button_text', 'text')
        .addColumn('company_id', 'text', (c) => c.references('companies.id'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1)),
    ),
  );
  await table(db, 'ebook_requests', (t) =>
    createdAt(
      id(t)
        .addColumn('ebook_id', 'text', (c) => c.notNull().references('ebooks.id').onDelete('cascade'))
        .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null')),
    ),
  );
  await index(db, 'ebook_requests', ['ebook_id']);
  await index(db, 'ebook_requests', ['member_id']);

  // Featured content: one pick per slot type (36 class, 37 podcast, 38 blog).
  await table(db, 'featured_content', (t) =>
    t
      .addColumn('slot_type_id', 'integer', (c) => c.primaryKey().notNull())
      .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('set null'))
      .addColumn('podcast_id', 'text', (c) => c.references('podcasts.id').onDelete('set null'))
      .addColumn('blog_post_id', 'text', (c) => c.references('blog_posts.id').onDelete('set null'))
      .addColumn('blurb', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull()),
  );
  await table(db, 'featured_clicks', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('slot_type_id', 'integer', (c) => c.notNull())
      .addColumn('target_hash', 'text', (c) => c.notNull())
      .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('at', 'text', (c) => c.notNull()),
  );
  await index(db, 'featured_clicks', ['slot_type_id']);

  await table(db, 'queue_items', (t) =>
    createdAt(
      id(t)
        .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade')),
    ),
  );
  await index(db, 'queue_items', ['member_id', 'class_id'], true);
  await index(db, 'queue_items', ['member_id', 'created_at']);

  await table(db, 'support_messages', (t) =>
    createdAt(
      id(t)
        .addColumn('member_id', 'text', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('office', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull()),
    ),
  );

  // Operations
  await table(db, 'mail_outbox', (t) =>
    createdAt(
      id(t)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text'),
    ),
  );
  await index(db, 'mail_outbox', ['status', 'next_attempt_at']);

  await table(db, 'audit_log', (t) =>
    t
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('actor_id', 'text', (c) => c.references('members.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('at', 'text', (c) => c.notNull()),
  );
  await index(db, 'audit_log', ['at']);

  await table(db, 'uploads', (t) =>
    createdAt(
      id(t)
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('members.id').onDelete('set null')),
    ),
  );

  // Scheduled job claims: a run is done by the one process whose insert wins (03 "jobs").
  await table(db, 'job_runs', (t) =>
    t
      .addColumn('job', 'text', (c) => c.notNull())
      .addColumn('run_key', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addPrimaryKeyConstraint('job_runs_pk', ['job', 'run_key']),
  );
}

export async function down(): Promise<void> {
  throw new Error('The initial schema is not reversible: restore a backup instead.');
}
