import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/build-test-app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type TDatabase } from '../database.ts';
import { migrations } from './index.ts';

/*
 * The migration of issue 35 (2026-11-27T21-19-31_credit_audit) on a database that holds data of
 * the schema before it: every completion gets the delivery it was earned by, every profile
 * licence joins the tracker's list (none lost, none doubled), and the per-event claim windows
 * go. On SQLite, and PostgreSQL with DATABASE_URL.
 */

const BEFORE = '2026-11-27T11-30-00_waitlist_counter';
let database: TDatabase;
let cleanup: () => Promise<void>;
// The schema before the migration is not the typed one: rows are written as plain SQL.
let db: Kysely<unknown>;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'opence-migration-'));
  const serverUrl = process.env.DATABASE_URL ?? '';
  const pg = serverUrl.startsWith('postgres') ? await createPostgresDatabase(serverUrl) : null;
  database = openDatabase(
    loadConfig({ DATABASE_URL: pg ? pg.url : `sqlite:${path.join(dir, 'site.sqlite')}`, MEDIA_DIR: dir })
      .database,
  );
  db = database.db as unknown as Kysely<unknown>;
  cleanup = async () => {
    await database.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(BEFORE);
  if (error) throw error;
});
afterAll(() => cleanup());

const at = '2026-11-01T10:00:00.000Z';

async function member(
  id: string,
  fields: {
    job_title?: string;
    license_number?: string | null;
    license_state?: string | null;
    state?: string;
  },
) {
  await sql`insert into members (id, hash, username, username_key, email, email_key, password_hash, job_title,
      license_number, license_state, state, created_at, updated_at)
    values (${id}, ${`h-${id}`}, ${id}, ${id}, ${`${id}@example.test`}, ${`${id}@example.test`}, 'x',
      ${fields.job_title ?? 'Dentist'}, ${fields.license_number ?? null}, ${fields.license_state ?? null},
      ${fields.state ?? 'NY'}, ${at}, ${at})`.execute(db);
}

async function klass(id: string, ceType: number) {
  await sql`insert into classes (id, hash, slug, type_id, title, release_at, ce_type_id, created_at, updated_at)
    values (${id}, ${`h-${id}`}, ${id}, 10, ${id}, ${at}, ${ceType}, ${at}, ${at})`.execute(db);
}

async function completion(
  id: string,
  memberId: string,
  target: { classId?: string; podcastId?: string },
  ceType: number,
) {
  await sql`insert into completions (id, member_id, class_id, podcast_id, completed_at, score, credits, ce_type_id,
      certificate_number, created_at)
    values (${id}, ${memberId}, ${target.classId ?? null}, ${target.podcastId ?? null}, ${at}, 100, 1, ${ceType},
      ${`N-${id}`}, ${at})`.execute(db);
}

describe('the credit-audit migration on existing data', () => {
  it('records every credit’s delivery and moves every profile licence into the one list', async () => {
    await member('ann', { license_number: ' D-100 ', license_state: 'ny' });
    await member('bob', {
      job_title: 'Dental Hygienist',
      license_number: 'RDH-7',
      license_state: null,
      state: 'TX',
    });
    await member('cat', { license_number: 'CA-55' });
    await member('dan', { license_number: null });
    // Cat already has that licence in the tracker: it is not doubled.
    await sql`insert into tracker_licences (id, member_id, state, licence_type, licence_number, period_start, period_end, created_at, updated_at)
      values ('t-cat', 'cat', 'CA', 'dentist', 'ca-55', '2026-01-01', '2027-12-31', ${at}, ${at})`.execute(
      db,
    );

    await klass('self', 1);
    await klass('webinar', 2);
    await klass('event', 2);
    await sql`insert into podcast_shows (id, hash, slug, title, created_at) values ('show', 'h-show', 'show', 'Show', ${at})`.execute(
      db,
    );
    await sql`insert into podcasts (id, hash, slug, show_id, title, mp3, release_at, created_at, updated_at)
      values ('pod', 'h-pod', 'pod', 'show', 'Pod', '/media/pod.mp3', ${at}, ${at}, ${at})`.execute(db);
    await sql`insert into in_person_events (id, class_id, code, place, claim_opens_at, claim_closes_at, created_at)
      values ('ev', 'event', 'ABCDEF', 'Hall', ${at}, ${at}, ${at})`.execute(db);
    await sql`insert into attendance_imports (id, class_id, status, threshold_pct, threshold_min, row_count, unmatched, created_at)
      values ('imp', 'webinar', 'confirmed', 80, 48, 1, '[]', ${at})`.execute(db);
    await sql`insert into attendance_records (import_id, member_id, name, email, minutes, is_live)
      values ('imp', 'ann', 'Ann', 'ann@example.test', 60, 1)`.execute(db);
    await completion('c1', 'ann', { classId: 'self' }, 1);
    await completion('c2', 'ann', { podcastId: 'pod' }, 1);
    await completion('c3', 'ann', { classId: 'webinar' }, 2);
    await completion('c4', 'bob', { classId: 'webinar' }, 2);
    await completion('c5', 'bob', { classId: 'event' }, 2);
    await completion('c6', 'cat', { classId: 'webinar' }, 1);

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => r.migrationName)).toContain('2026-11-27T21-19-31_credit_audit');

    const deliveries = await sql<{
      id: string;
      delivery: string;
    }>`select id, delivery from completions order by id`.execute(db);
    expect(Object.fromEntries(deliveries.rows.map((r) => [r.id, r.delivery]))).toEqual({
      c1: 'on_demand',
      c2: 'podcast',
      c3: 'live_webinar_verified',
      c4: 'live_webinar_self_attested',
      c5: 'in_person',
      c6: 'on_demand',
    });

    const year = new Date().getUTCFullYear();
    const licences = await sql<{
      member_id: string;
      state: string;
      licence_type: string;
      licence_number: string;
      period_start: string;
      period_end: string;
    }>`
      select member_id, state, licence_type, licence_number, period_start, period_end from tracker_licences order by member_id`.execute(
      db,
    );
    expect(licences.rows).toEqual([
      {
        member_id: 'ann',
        state: 'NY',
        licence_type: 'dentist',
        licence_number: 'D-100',
        period_start: `${year}-01-01`,
        period_end: `${year}-12-31`,
      },
      {
        member_id: 'bob',
        state: 'TX',
        licence_type: 'dental_hygienist',
        licence_number: 'RDH-7',
        period_start: `${year}-01-01`,
        period_end: `${year}-12-31`,
      },
      {
        member_id: 'cat',
        state: 'CA',
        licence_type: 'dentist',
        licence_number: 'ca-55',
        period_start: '2026-01-01',
        period_end: '2027-12-31',
      },
    ]);

    // The profile's columns and the per-event windows are gone; a served page can be marked graded.
    const memberColumns = await db.introspection.getTables();
    const columns = (table: string) =>
      memberColumns.find((t) => t.name === table)!.columns.map((c) => c.name);
    expect(columns('members')).not.toContain('license_number');
    expect(columns('in_person_events')).not.toContain('claim_opens_at');
    expect(columns('exam_servings')).toContain('graded_at');
    expect(columns('completions')).toEqual(expect.arrayContaining(['delivery', 'licence_choice']));
  });
});
