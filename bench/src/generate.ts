import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import { CeType, ClassType, SELF_STUDY_CLASS_TYPES } from '@opence/shared';
import type { DB } from '../../apps/server/src/db/types.ts';
import { hashToken, newId, newPublicHash, newSecretToken, nowIso } from '../../apps/server/src/lib/ids.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';

/*
 * Fills a freshly migrated database to a realistic volume: at scale 1, 5,000 classes, 100,000
 * members, 1,000,000 completions (each with its gradebook row) and 2,000,000 class views, plus
 * what the scenarios need (a live class in progress, a class for the surge, members ready to
 * take an exam) and session tokens for the simulated members. Deterministic (seeded random),
 * so runs at the same scale compare.
 */

/** The full volume of the issue; a run uses a fraction of it. */
export const FULL_VOLUME = { classes: 5_000, members: 100_000, completions: 1_000_000, views: 2_000_000 };

/** The surge of the issue: 30,000 attendees polling, 3,000 members reserving 1,000 seats. */
export const SURGE = { attendees: 30_000, reservers: 3_000, capacity: 1_000 };

/** Members ready to grade (view and evaluation done) on each of the grading classes. */
export const GRADING = { members: 2_000, classes: 5, questions: 5 };

/** Members of the member calls (/api/class, /api/seats, /api/completed-webinars). */
const MEMBER_POOL = 200;
/** Enough members for the surge's distinct reservers at any scale. */
const MIN_MEMBERS = 4_000;

export type TGradingItem = { token: string; classHash: string; answers: number[] };

/** What the scenarios need to know about the generated data. */
export type TFixtures = {
  scale: number;
  counts: Record<string, number>;
  /** A category with classes in it, for list and search filters. */
  categoryId: string;
  /** A word found in some class titles, for keyword search. */
  keyword: string;
  /** A live class in progress: the live-room poll. */
  liveClassId: string;
  liveClassHash: string;
  /** Members with completions and a seat in the live class. */
  memberTokens: string[];
  surge: { classId: string; classHash: string; attendeeTokens: string[]; reserverTokens: string[] };
  grading: { memberIds: string[]; classIds: string[]; items: TGradingItem[] };
};

/** A small seeded random generator (mulberry32): the same data at the same scale. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

type TRandom = ReturnType<typeof seededRandom>;

/**
 * Inserts rows in statements of at most ~30,000 bound values (SQLite allows 32,766). Every row
 * of one call names the same columns: a column missing from a row would be written as NULL.
 */
async function insertRows<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]) {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.min(2_000, Math.floor(30_000 / Object.keys(rows[0]!).length)));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

const DAY = 86_400_000;
const isoAgo = (ms: number, now: number) => nowIso(new Date(now - ms));

const TOPICS = ['Implant', 'Endodontic', 'Periodontal', 'Orthodontic', 'Pediatric', 'Radiology', 'Sedation'];
const SUBJECTS = [
  'Planning',
  'Complications',
  'Update',
  'Essentials',
  'Case Review',
  'Workflow',
  'Materials',
];
export const KEYWORD = 'implant';

type TClassPlan = {
  id: string;
  hash: string;
  typeId: number;
  isTutorial: boolean;
  releaseAt: string;
  /** A past live webinar, now a playback with its recording attached. */
  wasLive?: boolean;
};

function classRow(
  rnd: TRandom,
  plan: TClassPlan,
  i: number,
  refs: { speakers: string[]; companies: string[] },
  now: string,
  extra: Partial<Insertable<DB['classes']>> = {},
): Insertable<DB['classes']> {
  return {
    id: plan.id,
    hash: plan.hash,
    slug: `bench-class-${i}`,
    type_id: plan.typeId,
    title: `${rnd.pick(TOPICS)} ${rnd.pick(SUBJECTS)} ${i}`,
    blurb: 'A course generated for the benchmark, about as long as a real blurb on the lists.',
    description: 'Generated description. '.repeat(20),
    photo: `/media/bench/${i % 50}.jpg`,
    speaker_id: rnd.pick(refs.speakers),
    company_id: rnd.next() < 0.7 ? rnd.pick(refs.companies) : null,
    release_at: plan.releaseAt,
    duration_min: 60,
    credits: 1 + rnd.int(3),
    ce_type_id: plan.typeId === ClassType.LIVE ? CeType.LIVE : CeType.SELF_STUDY,
    agd_code: String(10 + rnd.int(700)),
    is_tutorial: plan.isTutorial ? 1 : 0,
    youtube_url: plan.typeId === ClassType.LIVE ? null : 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    created_at: now,
    updated_at: now,
    ...extra,
  };
}

/** Which kinds of class a generated catalog holds (fractions of the classes). */
function planClasses(rnd: TRandom, count: number, nowMs: number): TClassPlan[] {
  const selfStudy = SELF_STUDY_CLASS_TYPES.filter((t) => t !== ClassType.ARCHIVE);
  return Array.from({ length: count }, () => {
    const u = rnd.next();
    const past = isoAgo(DAY + rnd.int(8 * 365) * DAY, nowMs);
    const base = { id: newId(), hash: newPublicHash(), isTutorial: false, releaseAt: past };
    if (u < 0.03)
      return { ...base, typeId: ClassType.LIVE, releaseAt: isoAgo(-(1 + rnd.int(60)) * DAY, nowMs) };
    if (u < 0.1) return { ...base, typeId: ClassType.PRODUCED_PLAYBACK, wasLive: true };
    if (u < 0.13) return { ...base, typeId: ClassType.PRODUCED, isTutorial: true };
    if (u < 0.15) return { ...base, typeId: ClassType.PREMIUM };
    return { ...base, typeId: rnd.pick(selfStudy) };
  });
}

/** Inserts every row of the generated data; returns what the scenarios need. */
export async function generate(
  db: Kysely<DB>,
  scale: number,
  log: (line: string) => void,
): Promise<TFixtures> {
  const rnd = seededRandom(20_261_122);
  const nowMs = Date.now();
  const now = nowIso(new Date(nowMs));
  const volume = {
    classes: Math.max(60, Math.round(FULL_VOLUME.classes * scale)),
    members: Math.max(MIN_MEMBERS, Math.round(FULL_VOLUME.members * scale)),
    completions: Math.round(FULL_VOLUME.completions * scale),
  };

  // Reference rows: categories, companies, speakers.
  const categories = Array.from({ length: 12 }, (_, i) => ({
    id: newId(),
    name: `Bench category ${i}`,
    sort: i,
  }));
  const companies = Array.from({ length: 40 }, (_, i) => ({
    id: newId(),
    name: `Bench Dental ${i}`,
    created_at: now,
  }));
  const speakers = Array.from({ length: 150 }, (_, i) => ({
    id: newId(),
    name: `Dr. Speaker ${i}`,
    credentials: 'DDS',
    created_at: now,
  }));
  await insertRows(db, 'categories', categories);
  await insertRows(db, 'companies', companies);
  await insertRows(db, 'speakers', speakers);
  const refs = { speakers: speakers.map((s) => s.id), companies: companies.map((c) => c.id) };

  // Classes, their categories and exams.
  const plans = planClasses(rnd, volume.classes, nowMs);
  const special = {
    live: { id: newId(), hash: newPublicHash(), typeId: ClassType.LIVE, isTutorial: false, releaseAt: now },
    surge: { id: newId(), hash: newPublicHash(), typeId: ClassType.LIVE, isTutorial: false, releaseAt: now },
    grading: Array.from({ length: GRADING.classes }, () => ({
      id: newId(),
      hash: newPublicHash(),
      typeId: ClassType.PRODUCED,
      isTutorial: false,
      releaseAt: isoAgo(30 * DAY, nowMs),
    })),
  };
  // Past webinars had their exam-open mail sent and their recording attached when they ended
  // (the jobs that do so run at start-up and would otherwise catch up on all of them).
  const classRows = plans.map((p, i) =>
    classRow(rnd, p, i, refs, now, {
      exam_open_mailed_at: p.wasLive ? p.releaseAt : null,
      recording_attached_at: p.wasLive ? p.releaseAt : null,
      ...(p.wasLive ? { ce_type_id: CeType.LIVE } : {}),
    }),
  );

  classRows.push(
    classRow(rnd, special.live, plans.length, refs, now, { zoom_code: '81234567890', duration_min: 90 }),
    classRow(rnd, special.surge, plans.length + 1, refs, now, {
      capacity: SURGE.capacity,
      zoom_code: '81234567891',
    }),
    ...special.grading.map((p, i) => classRow(rnd, p, plans.length + 2 + i, refs, now)),
  );
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'classes', classRows);
    await insertRows(
      trx,
      'class_categories',
      classRows.flatMap((c, i) => {
        const first = i % categories.length;
        const second = (first + 1 + rnd.int(categories.length - 1)) % categories.length;
        const ids = rnd.next() < 0.5 ? [first] : [first, second];
        return ids.map((k) => ({ class_id: c.id, category_id: categories[k]!.id }));
      }),
    );
  });
  const examClasses = classRows.filter((c) => c.type_id !== ClassType.PREMIUM);
  const correct = new Map<string, number[]>();
  await db.transaction().execute(async (trx) => {
    const exams = examClasses.map((c) => ({ id: newId(), class_id: c.id, min_score: 70, created_at: now }));
    await insertRows(trx, 'exams', exams);
    await insertRows(
      trx,
      'exam_questions',
      exams.flatMap((exam) => {
        const answers = Array.from({ length: GRADING.questions }, () => 1 + rnd.int(4));
        correct.set(exam.class_id, answers);
        return answers.map((answer, position) => ({
          id: newId(),
          exam_id: exam.id,
          position,
          question: `Question ${position + 1} of the generated exam?`,
          option1: 'First option',
          option2: 'Second option',
          option3: 'Third option',
          option4: 'Fourth option',
          correct_option: answer,
        }));
      }),
    );
  });
  log(`  ${classRows.length} classes with categories and exams`);

  // Members: one slow password hash, shared (the benchmark never logs in with a password).
  const passwordHash = await hashPassword('bench-password');
  const memberIds = Array.from({ length: volume.members }, () => newId());
  await db.transaction().execute(async (trx) => {
    await insertRows(
      trx,
      'members',
      memberIds.map((id, i) => ({
        id,
        hash: newPublicHash(),
        username: `bench${i}`,
        username_key: `bench${i}`,
        email: `bench${i}@example.test`,
        email_key: `bench${i}@example.test`,
        password_hash: passwordHash,
        title: 'Dr.',
        firstname: 'Bench',
        lastname: `Member ${i}`,
        state: 'NY',
        zip: '12207',
        agd_number: i % 3 === 0 ? String(100_000 + i) : null,
        time_zone: 'America/New_York',
        created_at: isoAgo(rnd.int(5 * 365) * DAY, nowMs),
        updated_at: now,
      })),
    );
  });
  log(`  ${memberIds.length} members`);

  // The AGD rosters of past weeks were sent: older completions of AGD members are marked as
  // submitted, so the weekly job (which runs at start-up) has one week to send, as on a real site.
  const agdHistory = { id: newId(), submittedBefore: isoAgo(8 * DAY, nowMs) };
  await db
    .insertInto('agd_submissions')
    .values({
      id: agdHistory.id,
      run_key: 'bench-history',
      period_start: isoAgo(3 * 365 * DAY, nowMs),
      period_end: agdHistory.submittedBefore,
      row_count: 0,
      finished_at: agdHistory.submittedBefore,
      created_at: agdHistory.submittedBefore,
    })
    .execute();
  const agdMembers = new Set(memberIds.filter((_, i) => i % 3 === 0));

  // Completions (each with its gradebook row and two class views), a few classes in progress.
  const eligible = classRows.filter(
    (c, i) => i < plans.length && c.type_id !== ClassType.PREMIUM && Date.parse(c.release_at) < nowMs,
  );
  const completionsPerMember = new Map<string, number>();
  let completions = 0;
  let views = 0;
  // A little above the average, so one pass over the members reaches the target.
  const mean = (1.15 * volume.completions) / volume.members;
  for (let start = 0; start < memberIds.length && completions < volume.completions; start += 2_000) {
    const rows = {
      completions: [] as Insertable<DB['completions']>[],
      gradebook: [] as Insertable<DB['gradebook']>[],
    };
    const viewRows: Insertable<DB['class_views']>[] = [];
    for (
      let m = start;
      m < Math.min(start + 2_000, memberIds.length) && completions < volume.completions;
      m++
    ) {
      const memberId = memberIds[m]!;
      // Exponentially distributed counts: most members have a few, some have hundreds.
      const wanted = Math.min(eligible.length, 400, Math.round(-mean * Math.log(1 - rnd.next())));
      const taken = new Set<number>();
      for (let k = 0; k < wanted && completions < volume.completions; k++) {
        const c = rnd.int(eligible.length);
        if (taken.has(c)) continue;
        taken.add(c);
        const klass = eligible[c]!;
        const completedAt = isoAgo(rnd.int(3 * 365) * DAY + rnd.int(DAY), nowMs);
        const viewedAt = nowIso(new Date(Date.parse(completedAt) - 3_600_000));
        const submitted = agdMembers.has(memberId) && completedAt < agdHistory.submittedBefore;
        rows.completions.push({
          id: newId(),
          member_id: memberId,
          class_id: klass.id,
          completed_at: completedAt,
          score: 80 + rnd.int(21),
          credits: klass.credits ?? 1,
          ce_type_id: klass.ce_type_id ?? 1,
          agd_code: klass.agd_code ?? null,
          certificate_number: `BENCH-${completions.toString(36).toUpperCase()}`,
          agd_submission_id: submitted ? agdHistory.id : null,
          agd_submitted_at: submitted ? completedAt : null,
          created_at: completedAt,
        });
        rows.gradebook.push({
          id: newId(),
          member_id: memberId,
          class_id: klass.id,
          ce_type_id: klass.ce_type_id ?? 1,
          view_count: 2,
          last_viewed_at: viewedAt,
          eval_taken_at: completedAt,
          completed_at: completedAt,
          created_at: viewedAt,
        });
        viewRows.push(
          { id: newId(), class_id: klass.id, member_id: memberId, viewed_at: viewedAt },
          { id: newId(), class_id: klass.id, member_id: memberId, viewed_at: completedAt },
        );
        completions += 1;
      }
      // One class in three members' CE in Progress: viewed, exam not passed yet.
      if (rnd.next() < 0.3) {
        const c = rnd.int(eligible.length);
        if (!taken.has(c)) {
          const viewedAt = isoAgo(rnd.int(60) * DAY, nowMs);
          rows.gradebook.push({
            id: newId(),
            member_id: memberId,
            class_id: eligible[c]!.id,
            ce_type_id: eligible[c]!.ce_type_id ?? 1,
            view_count: 1,
            last_viewed_at: viewedAt,
            eval_taken_at: null,
            completed_at: null,
            created_at: viewedAt,
          });
          viewRows.push({ id: newId(), class_id: eligible[c]!.id, member_id: memberId, viewed_at: viewedAt });
        }
      }
      completionsPerMember.set(memberId, taken.size);
    }
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'completions', rows.completions);
      await insertRows(trx, 'gradebook', rows.gradebook);
      await insertRows(trx, 'class_views', viewRows);
    });
    views += viewRows.length;
    if ((start / 2_000) % 10 === 9) log(`  ${completions} completions, ${views} views…`);
  }
  log(`  ${completions} completions, ${views} class views`);

  // Seats: past and upcoming live classes have attendees.
  const seatRows: Insertable<DB['seats']>[] = [];
  const seatKeys = new Set<string>();
  const addSeat = (classId: string, memberId: string) => {
    if (seatKeys.has(`${classId}|${memberId}`)) return;
    seatKeys.add(`${classId}|${memberId}`);
    seatRows.push({
      id: newId(),
      class_id: classId,
      member_id: memberId,
      cancel_code: newPublicHash(),
      created_at: now,
    });
  };
  const webinars = classRows.filter(
    (_, i) => i < plans.length && (plans[i]!.wasLive || plans[i]!.typeId === ClassType.LIVE),
  );
  for (const c of webinars) {
    for (let k = 0; k < 40; k++) addSeat(c.id, memberIds[rnd.int(memberIds.length)]!);
  }

  // The member pool: members with completions, each seated in the live class and two upcoming ones.
  const pool = memberIds.filter((id) => (completionsPerMember.get(id) ?? 0) >= 5).slice(0, MEMBER_POOL);
  const upcoming = classRows.filter(
    (c, i) => i < plans.length && c.type_id === ClassType.LIVE && c.release_at > now,
  );
  for (const memberId of pool) {
    for (const classId of [special.live.id, ...upcoming.slice(0, 2).map((c) => c.id)])
      addSeat(classId, memberId);
  }
  await db.transaction().execute((trx) => insertRows(trx, 'seats', seatRows));
  log(`  ${seatRows.length} seats`);

  // Grading members: the view and the evaluation done on every grading class.
  const gradingMembers = memberIds.slice(-GRADING.members);
  await db.transaction().execute((trx) =>
    insertRows(
      trx,
      'gradebook',
      gradingMembers.flatMap((memberId) =>
        special.grading.map((c) => ({
          id: newId(),
          member_id: memberId,
          class_id: c.id,
          ce_type_id: CeType.SELF_STUDY,
          view_count: 1,
          last_viewed_at: now,
          eval_taken_at: now,
          created_at: now,
        })),
      ),
    ),
  );

  // Sessions for every simulated member: tokens the load generator sends as s.
  const tokens = new Map<string, string>();
  const sessionFor = (memberId: string) => {
    let token = tokens.get(memberId);
    if (!token) tokens.set(memberId, (token = newSecretToken()));
    return token;
  };
  const attendees = memberIds.slice(0, SURGE.attendees);
  const fixtures: TFixtures = {
    scale,
    counts: {},
    categoryId: categories[0]!.id,
    keyword: KEYWORD,
    liveClassId: special.live.id,
    liveClassHash: special.live.hash,
    memberTokens: pool.map(sessionFor),
    surge: {
      classId: special.surge.id,
      classHash: special.surge.hash,
      attendeeTokens: attendees.map(sessionFor),
      reserverTokens: attendees.slice(0, SURGE.reservers).map(sessionFor),
    },
    grading: {
      memberIds: gradingMembers,
      classIds: special.grading.map((c) => c.id),
      items: gradingMembers.flatMap((memberId) =>
        special.grading.map((c) => ({
          token: sessionFor(memberId),
          classHash: c.hash,
          answers: correct.get(c.id)!,
        })),
      ),
    },
  };
  await db.transaction().execute((trx) =>
    insertRows(
      trx,
      'sessions',
      [...tokens].map(([memberId, token]) => ({
        id: newId(),
        member_id: memberId,
        token_hash: hashToken(token),
        created_at: now,
        last_used_at: now,
      })),
    ),
  );
  log(`  ${tokens.size} sessions`);
  fixtures.counts = await countRows(db);
  return fixtures;
}

/** Rows in the tables the volume is about. */
export async function countRows(db: Kysely<DB>): Promise<Record<string, number>> {
  const tables = [
    'classes',
    'members',
    'completions',
    'gradebook',
    'class_views',
    'seats',
    'sessions',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
