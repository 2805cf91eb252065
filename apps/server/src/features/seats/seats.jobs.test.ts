import { ClassType } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createExam, createMember } from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';
import { createScheduler, type TJob } from '../../lib/jobs.ts';
import { classStart, createWebinar, mailsTo, reserveSeat } from './seats.fixtures.ts';

let t: TTestApp;
const db = () => t.app.deps.database.db;
const MINUTE_MS = 60_000;
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const job = (name: string): TJob => {
  const found = t.app.jobs.jobs.find((j) => j.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
};
const typeOf = async (classId: string) =>
  (await db().selectFrom('classes').select('type_id').where('id', '=', classId).executeTakeFirstOrThrow())
    .type_id;

describe('archiving ended webinars (03 §4)', () => {
  it('shows an ended webinar as ARCHIVE, or PRODUCED_PLAYBACK with its recording, and leaves the others', async () => {
    const ended = await createWebinar(db(), { startsInMin: -61 });
    const recorded = await createWebinar(db(), { startsInMin: -61, recording_attached_at: nowIso() });
    const running = await createWebinar(db(), { startsInMin: -30 });
    const upcoming = await createWebinar(db(), { startsInMin: 30 });
    await job('seats.archive-ended-webinars').run(new Date());
    expect(await typeOf(ended.id)).toBe(ClassType.ARCHIVE);
    expect(await typeOf(recorded.id)).toBe(ClassType.PRODUCED_PLAYBACK);
    expect(await typeOf(running.id)).toBe(ClassType.LIVE);
    expect(await typeOf(upcoming.id)).toBe(ClassType.LIVE);
  });
});

describe('the exam-open mail (03 §5)', () => {
  /** A webinar that started 2 hours ago (60 minutes long, exam 30 minutes after the end) with 3 members. */
  async function webinarWithAttendees() {
    const webinar = await createWebinar(db(), { startsInMin: 3, capacity: 2, exam_delay_min: 30 });
    await createExam(db(), { classId: webinar.id });
    const [entered, absent, waiting] = [
      await createMember(db()),
      await createMember(db()),
      await createMember(db()),
    ];
    for (const m of [entered, absent, waiting]) await reserveSeat(t.app, m.token, webinar.hash);
    await classStart(t.app, entered.token, webinar.hash);
    const releaseAt = new Date(Date.now() - 120 * MINUTE_MS);
    await db()
      .updateTable('classes')
      .set({ release_at: nowIso(releaseAt) })
      .where('id', '=', webinar.id)
      .execute();
    const opensAt = new Date(releaseAt.getTime() + 90 * MINUTE_MS);
    return { webinar, entered, absent, waiting, opensAt };
  }

  it('waits for examDelayMin after the end, then mails each seat holder once with a login link', async () => {
    const { webinar, entered, absent, waiting, opensAt } = await webinarWithAttendees();
    const examOpen = job('seats.exam-open-mail');
    await examOpen.run(new Date(opensAt.getTime() - 1000));
    expect(await mailsTo(db(), entered.email, 'exam-open')).toHaveLength(0);

    // Two runs at once, as two server processes would: one sends, the other finds the mark.
    await Promise.all([examOpen.run(opensAt), examOpen.run(opensAt)]);
    await examOpen.run(new Date(opensAt.getTime() + 10 * MINUTE_MS));

    const [toEntered, ...moreEntered] = await mailsTo(db(), entered.email, 'exam-open');
    const [toAbsent, ...moreAbsent] = await mailsTo(db(), absent.email, 'exam-open');
    expect([moreEntered, moreAbsent]).toEqual([[], []]);
    expect(await mailsTo(db(), waiting.email, 'exam-open')).toHaveLength(0);
    expect(toEntered!.subject).toBe(`OpenCE: the exam for ${webinar.title} is open`);
    const rurl = (text: string) => decodeURIComponent(/\/login\?s=[^&\s]+&rurl=([^\s]+)/.exec(text)![1]!);
    expect(rurl(toEntered!.text_body)).toBe(`/affidavit/${webinar.hash}`);
    expect(rurl(toAbsent!.text_body)).toBe(`/classroom/${webinar.hash}`);
    const marked = await db()
      .selectFrom('classes')
      .select('exam_open_mailed_at')
      .where('id', '=', webinar.id)
      .executeTakeFirstOrThrow();
    expect(marked.exam_open_mailed_at).toBe(nowIso(opensAt));
  });

  it('carries a one-click unsubscribe, and a member who used one gets no exam notice (issue 37 row 11)', async () => {
    const { entered, absent, opensAt } = await webinarWithAttendees();
    await db()
      .insertInto('reminder_optouts')
      .values({ member_id: absent.id, created_at: nowIso() })
      .execute();
    await job('seats.exam-open-mail').run(opensAt);
    const [mail] = await mailsTo(db(), entered.email, 'exam-open');
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/unsubscribe-reminders\?t=[\w-]+\.[\w-]{43}>$/,
    );
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailsTo(db(), absent.email, 'exam-open')).toEqual([]);
  });

  it('sends once when two server processes run their schedulers at the same moment', async () => {
    const { entered, opensAt } = await webinarWithAttendees();
    const [a, b] = [1, 2].map(() => createScheduler({ db: db(), jobs: t.app.jobs.jobs, log: silent }));
    const done = await Promise.all([a!.runDue(opensAt), b!.runDue(opensAt)]);
    expect(done.flat().filter((name) => name === 'seats.exam-open-mail')).toHaveLength(1);
    expect(await mailsTo(db(), entered.email, 'exam-open')).toHaveLength(1);
  });
});

describe('the scheduler (job_runs claims)', () => {
  const counting = (name: string, fail = false) => {
    const job = {
      name,
      everyMs: MINUTE_MS,
      runs: 0,
      run: async () => {
        job.runs++;
        if (fail) throw new Error('boom');
      },
    };
    return job;
  };
  const runRow = (name: string) => db().selectFrom('job_runs').selectAll().where('job', '=', name).execute();

  it('does each run in one process only, and the next slot again', async () => {
    const job = counting('test.counting');
    const [a, b] = [1, 2].map(() => createScheduler({ db: db(), jobs: [job], log: silent }));
    const at = new Date('2031-05-01T10:00:10.000Z');
    const done = await Promise.all([
      a!.runDue(at),
      b!.runDue(at),
      a!.runDue(new Date('2031-05-01T10:00:50.000Z')),
    ]);
    expect(done.flat()).toEqual(['test.counting']);
    expect(job.runs).toBe(1);
    const [row] = await runRow('test.counting');
    expect(row).toMatchObject({ run_key: '2031-05-01T10:00:00.000Z' });
    expect(row!.finished_at).not.toBeNull();
    await b!.runDue(new Date('2031-05-01T10:01:00.000Z'));
    expect(job.runs).toBe(2);
  });

  it('gives a failed run back to be retried, and takes over a claim whose process died', async () => {
    const failing = counting('test.failing', true);
    const scheduler = createScheduler({ db: db(), jobs: [failing], log: silent });
    const at = new Date('2031-05-01T11:00:00.000Z');
    expect(await scheduler.runDue(at)).toEqual([]);
    expect(await runRow('test.failing')).toEqual([]);
    await scheduler.runDue(at);
    expect(failing.runs).toBe(2);

    // A weekly-style job whose run key spans many polls: a dead claim is taken over after its lease.
    const stuck = { ...counting('test.stuck'), runKey: () => 'week-1' };
    await db()
      .insertInto('job_runs')
      .values({ job: 'test.stuck', run_key: 'week-1', claimed_by: 'dead-process', claimed_at: nowIso(at) })
      .execute();
    const other = createScheduler({ db: db(), jobs: [stuck], log: silent, leaseMs: 5 * MINUTE_MS });
    expect(await other.runDue(new Date(at.getTime() + 4 * MINUTE_MS))).toEqual([]);
    expect(await other.runDue(new Date(at.getTime() + 6 * MINUTE_MS))).toEqual(['test.stuck']);
    const [row] = await runRow('test.stuck');
    expect(row).toMatchObject({ claimed_by: other.id });
    expect(row!.finished_at).not.toBeNull();
  });
});
