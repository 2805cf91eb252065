import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { CeType, ClassType } from '@opence/shared';
import { buildTestApp, type TTestApp } from '../../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createMember,
  createPodcast,
  createSpeaker,
  createStaff,
  type TTestMember,
} from '../../../../test/factories.ts';
import { createScheduler } from '../../../lib/jobs.ts';
import { AGD_JOB_NAME } from './agd.job.ts';
import { createAgdSubmissions } from './agd.service.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url));

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;
const agd = () => createAgdSubmissions({ db: db() });

// A Wednesday: its weekly run covers the week that ended on Monday 2030-01-07 00:00 UTC.
const NOW = new Date('2030-01-09T12:00:00.000Z');
/** A moment early in January; 2030 for the weekly runs at NOW, a past year for runs made now. */
const jan = (year: number, day: number, hour = 15) =>
  `${year}-01-0${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const PAST = 2025;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test starts from a roster with nothing sent.
  await db().deleteFrom('completions').execute();
  await db().deleteFrom('agd_submissions').execute();
  await db().deleteFrom('job_runs').execute();
  await db().deleteFrom('members').where('role', '=', 'member').execute();
});

/** Members with six-digit, five-digit and no AGD numbers, and their completions of a January week. */
async function week(year = 2030) {
  const inLastWeek = (day: number) => jan(year, day);
  const speaker = await createSpeaker(db(), 'Dr. Ada Molar');
  const selfStudy = await createClass(db(), {
    title: 'Caries risk, made simple',
    agd_code: '250',
    speaker_id: speaker.id,
  });
  const live = await createClass(db(), {
    title: 'Live: implants today',
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    agd_code: '690',
    speaker_id: speaker.id,
    release_at: jan(year, 3, 1).replace(':00:00', ':30:00'), // Jan 2 in the evening in Los Angeles
  });
  const podcast = await createPodcast(db(), { title: 'Podcast: sleep apnea', agd_code: '730' });
  const six = await createMember(db(), { agd_number: '123456', time_zone: 'America/New_York' });
  const five = await createMember(db(), { agd_number: '98765' });
  const none = await createMember(db(), { agd_number: null });
  const west = await createMember(db(), { agd_number: '654321', time_zone: 'America/Los_Angeles' });
  const erased = await createMember(db(), { agd_number: '111111', erased_at: jan(year, 5, 0) });

  const sixClass = await createCompletion(
    db(),
    six.id,
    { class_id: selfStudy.id },
    { completed_at: inLastWeek(2), credits: 1.5, agd_code: '250' },
  );
  const sixPodcast = await createCompletion(
    db(),
    six.id,
    { podcast_id: podcast.id },
    { completed_at: inLastWeek(4), credits: 1 },
  );
  const westLive = await createCompletion(
    db(),
    west.id,
    { class_id: live.id },
    {
      completed_at: inLastWeek(3),
      credits: 2,
      ce_type_id: CeType.LIVE,
      delivery: 'live_webinar_self_attested',
      agd_code: '690',
    },
  );
  const fiveClass = await createCompletion(
    db(),
    five.id,
    { class_id: selfStudy.id },
    { completed_at: inLastWeek(5) },
  );
  await createCompletion(db(), none.id, { class_id: selfStudy.id }, { completed_at: inLastWeek(5) });
  await createCompletion(db(), erased.id, { class_id: selfStudy.id }, { completed_at: inLastWeek(5) });
  // After the period's end: the next week's file.
  const afterEnd = await createCompletion(
    db(),
    west.id,
    { class_id: selfStudy.id },
    { completed_at: jan(year, 8, 9) },
  );
  return { six, five, west, sixClass, sixPodcast, westLive, fiveClass, afterEnd };
}

async function submissionOf(completionId: string) {
  const row = await db()
    .selectFrom('completions')
    .select(['agd_submission_id', 'agd_submitted_at'])
    .where('id', '=', completionId)
    .executeTakeFirstOrThrow();
  return row.agd_submission_id;
}

async function fileLines(submissionId: string): Promise<string[]> {
  const row = await db()
    .selectFrom('agd_submissions')
    .select('csv')
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow();
  return (row.csv ?? '').trimEnd().split('\r\n');
}

/** Every roster row of every file, without headers. */
async function allRosterRows(): Promise<string[]> {
  const rows = await db().selectFrom('agd_submissions').select('csv').execute();
  return rows.flatMap((r) => (r.csv ?? '').trimEnd().split('\r\n').slice(1));
}

describe('the AGD weekly roster', () => {
  it('holds exactly last week’s completions of members with six-digit AGD numbers, in the AGD’s column order', async () => {
    const w = await week();
    const made = await agd().weekly(NOW);
    expect(made).toMatchObject({
      runKey: 'week-2030-01-07',
      rowCount: 3,
      periodEnd: '2030-01-07T00:00:00.000Z',
    });
    expect(await fileLines(made!.id)).toEqual([
      'AGD member ID number,course date,course title,number of hours,AGD subject code,delivery method,instructor name,location',
      '123456,01/02/2030,"Caries risk, made simple",1.5,250,Self-Instruction,Dr. Ada Molar,Online',
      '654321,01/02/2030,Live: implants today,2,690,Lecture,Dr. Ada Molar,Online',
      '123456,01/04/2030,Podcast: sleep apnea,1,730,Self-Instruction,,Online',
    ]);
    expect(made!.heldBack).toEqual([
      expect.objectContaining({
        completionId: w.fiveClass.id,
        agdNumber: '98765',
        username: w.five.username,
      }),
    ]);
    for (const c of [w.sixClass, w.sixPodcast, w.westLive]) expect(await submissionOf(c.id)).toBe(made!.id);
    for (const c of [w.fiveClass, w.afterEnd]) expect(await submissionOf(c.id)).toBeNull();
  });

  it('never sends a completion twice: the same week again makes nothing, a later run only what is new', async () => {
    const w = await week();
    const first = await agd().weekly(NOW);
    expect(await agd().weekly(new Date('2030-01-12T08:00:00.000Z'))).toBeNull();

    await db().updateTable('members').set({ agd_number: '987650' }).where('id', '=', w.five.id).execute();
    const next = await agd().weekly(new Date('2030-01-15T08:00:00.000Z'));
    expect(next).toMatchObject({ runKey: 'week-2030-01-14', rowCount: 2, heldBack: [] });
    expect(await submissionOf(w.fiveClass.id)).toBe(next!.id);
    expect(await submissionOf(w.afterEnd.id)).toBe(next!.id);
    expect(await submissionOf(w.sixClass.id)).toBe(first!.id);

    const manual = await agd().now(staff.id, new Date('2030-01-16T08:00:00.000Z'));
    expect(manual!.rowCount).toBe(0);
    expect(await allRosterRows()).toHaveLength(5);
  });

  it('puts each completion in exactly one file when runs race in one process', async () => {
    await week();
    const late = await createMember(db(), { agd_number: '222222' });
    await createCompletion(
      db(),
      late.id,
      { class_id: (await createClass(db())).id },
      { completed_at: jan(2030, 6) },
    );
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => agd().now(null, new Date(NOW.getTime() + i))),
    );
    const rows = await allRosterRows();
    expect(rows).toHaveLength(5);
    expect(new Set(rows).size).toBe(5);
    expect(made.reduce((sum, m) => sum + (m?.rowCount ?? 0), 0)).toBe(5);
  });

  it('puts each completion in exactly one file when two server processes run it at once', async () => {
    await week(PAST);
    const databaseUrl =
      t.config.database.dialect === 'sqlite'
        ? `sqlite:${t.config.database.file}`
        : t.config.database.connectionString;
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'apps/server/scripts/agd-submit.ts', '--json', ...args], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      });
    const outputs = await Promise.all([cli('--now'), cli('--now')]);
    const made = outputs.map(
      (o) => JSON.parse(o.stdout.trim().split('\n').pop()!) as { rowCount: number } | null,
    );
    expect(made.reduce((sum, m) => sum + (m?.rowCount ?? 0), 0)).toBe(4);
    const rows = await allRosterRows();
    expect(rows).toHaveLength(4);
    expect(new Set(rows).size).toBe(4);
  }, 90_000); // two Node processes start, each loading the server's code

  it('makes the week’s file once when the schedulers of two processes run at the same moment', async () => {
    await week();
    const jobs = t.app.jobs.jobs.filter((j) => j.name === AGD_JOB_NAME);
    const silent = { info: () => {}, error: () => {} };
    const [a, b] = [1, 2].map(() => createScheduler({ db: db(), jobs, log: silent }));
    const done = await Promise.all([a!.runDue(NOW), b!.runDue(NOW)]);
    expect(done.flat()).toEqual([AGD_JOB_NAME]);
    const files = await db().selectFrom('agd_submissions').select(['run_key', 'row_count']).execute();
    expect(files).toEqual([{ run_key: 'week-2030-01-07', row_count: 3 }]);
  });
});

describe('the AGD page of the console', () => {
  const auth = () => ({ authorization: `Bearer ${staff.token}` });

  it('runs a submission now, lists it and gives its file for download, with an audit row', async () => {
    await week(PAST);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/agd-submissions', headers: auth() });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made.rowCount).toBe(4); // everything not sent up to now, including the completion after Monday

    const list = await t.app.inject({ url: '/api/admin/agd-submissions', headers: auth() });
    expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([made.id]);

    const file = await t.app.inject({ url: `/api/admin/agd-submissions/${made.id}/csv`, headers: auth() });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="agd-roster-.+\.csv"$/);
    expect(file.body.split('\r\n')[0]).toBe(
      'AGD member ID number,course date,course title,number of hours,AGD subject code,delivery method,instructor name,location',
    );

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'agd-submit', actor_id: staff.id });
  });
});
