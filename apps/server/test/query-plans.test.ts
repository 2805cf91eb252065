import { ClassType, CeType } from '@opence/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/types.ts';
import { newId, newPublicHash, nowIso } from '../src/lib/ids.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import {
  createBlogPost,
  createClass,
  createCompletion,
  createExam,
  createGradebookRow,
  createMember,
  createPodcast,
  type TTestMember,
} from './factories.ts';

/*
 * The hot queries use indexes (issue 10): every query the busiest calls run is captured through
 * the app's query observer and explained, on SQLite (EXPLAIN QUERY PLAN) and on PostgreSQL
 * (EXPLAIN with enable_seqscan off, so a sequential scan means no usable index). A full scan of
 * a table that grows with members or content fails here, in CI, instead of in a benchmark.
 */

/** Tables that grow with members, content or traffic: a full scan of one is a missing index. */
const GROWING_TABLES = new Set([
  'members',
  'sessions',
  'classes',
  'class_categories',
  'completions',
  'gradebook',
  'class_views',
  'seats',
  'exams',
  'exam_questions',
  'exam_attempts',
  'exam_day_counts',
  'queue_items',
  'podcasts',
  'podcast_categories',
  'podcast_plays',
  'blog_posts',
  'blog_post_categories',
  'evaluations',
  'rate_limits',
  'mail_outbox',
  'fts_docs',
  'event_claims',
  'in_person_events',
]);

let t: TTestApp;
let captured: CompiledQuery[] | null = null;

type TFixture = {
  member: TTestMember;
  grader: TTestMember;
  reserver: TTestMember;
  live: string;
  upcoming: string;
  onDemand: string;
  examClass: string;
  categoryId: string;
  companyId: string;
};
let fx: TFixture;

const DAY = 86_400_000;
const at = (offsetMs: number) => nowIso(new Date(Date.now() + offsetMs));

async function seed(db: Kysely<DB>): Promise<TFixture> {
  const categoryId = newId();
  await db.insertInto('categories').values({ id: categoryId, name: 'Implants', sort: 1 }).execute();
  const companyId = newId();
  await db
    .insertInto('companies')
    .values({ id: companyId, name: 'Sponsor Dental', created_at: nowIso() })
    .execute();
  const classes = [];
  for (let i = 0; i < 30; i++) {
    classes.push(
      await createClass(db, {
        title: i % 3 === 0 ? `Implant planning ${i}` : `Class ${i}`,
        release_at: at(-(i + 1) * DAY),
        company_id: i % 2 ? companyId : null,
      }),
    );
  }
  for (const c of classes) await createExam(db, { classId: c.id });
  await db
    .insertInto('class_categories')
    .values(classes.map((c) => ({ class_id: c.id, category_id: categoryId })))
    .execute();
  const liveRow = { type_id: ClassType.LIVE, ce_type_id: CeType.LIVE, capacity: 100, zoom_code: '123' };
  const live = await createClass(db, { ...liveRow, release_at: at(-10 * 60_000), duration_min: 90 });
  const upcoming = await createClass(db, { ...liveRow, release_at: at(2 * DAY) });
  await createClass(db, { type_id: ClassType.PRODUCED, is_tutorial: 1 });
  await createClass(db, { type_id: ClassType.PREMIUM, learnworlds_class_id: 'course-1' });
  await createPodcast(db);
  await createBlogPost(db);

  const member = await createMember(db);
  const grader = await createMember(db);
  const reserver = await createMember(db);
  for (const c of classes.slice(0, 12)) {
    await createGradebookRow(
      db,
      member.id,
      { class_id: c.id },
      { eval_taken_at: nowIso(), completed_at: nowIso() },
    );
    await createCompletion(db, member.id, { class_id: c.id });
    await db
      .insertInto('class_views')
      .values({ id: newId(), class_id: c.id, member_id: member.id, viewed_at: nowIso() })
      .execute();
  }
  await createGradebookRow(db, member.id, { class_id: classes[13]!.id });
  await db
    .insertInto('queue_items')
    .values({ id: newId(), member_id: member.id, class_id: classes[14]!.id, created_at: nowIso() })
    .execute();
  for (const classId of [live.id, upcoming.id]) {
    await db
      .insertInto('seats')
      .values({
        id: newId(),
        class_id: classId,
        member_id: member.id,
        cancel_code: newPublicHash(),
        created_at: nowIso(),
      })
      .execute();
  }
  const examClass = classes[20]!;
  await createGradebookRow(db, grader.id, { class_id: examClass.id }, { eval_taken_at: nowIso() });
  return {
    member,
    grader,
    reserver,
    live: live.hash,
    upcoming: upcoming.hash,
    onDemand: classes[0]!.hash,
    examClass: examClass.hash,
    categoryId,
    companyId,
  };
}

type TCall = { name: string; route: string; method?: 'GET' | 'POST'; url: () => string; body?: () => object };

/** The calls every visitor and every member makes most: lists, the class page and its poll, grading. */
const HOT_CALLS: TCall[] = [
  { name: 'home', route: '/api/home', url: () => '/api/home' },
  { name: 'on-demand page 0', route: '/api/ondemand', url: () => '/api/ondemand?page=0' },
  { name: 'on-demand page 2', route: '/api/ondemand', url: () => '/api/ondemand?page=2' },
  { name: 'on-demand by category', route: '/api/ondemand', url: () => `/api/ondemand?cid=${fx.categoryId}` },
  { name: 'on-demand by company', route: '/api/ondemand', url: () => `/api/ondemand?coid=${fx.companyId}` },
  { name: 'upcoming', route: '/api/upcoming', url: () => '/api/upcoming' },
  { name: 'tutorials', route: '/api/tutorials', url: () => '/api/tutorials' },
  { name: 'premium', route: '/api/premium', url: () => '/api/premium' },
  { name: 'podcasts', route: '/api/podcasts', url: () => '/api/podcasts' },
  { name: 'search by keyword', route: '/api/search', url: () => '/api/search?q=implant' },
  { name: 'search with a typo', route: '/api/search', url: () => '/api/search?q=implnat%20planing' },
  { name: 'on-demand by keyword', route: '/api/ondemand', url: () => '/api/ondemand?q=implants' },
  { name: 'search by category', route: '/api/search', url: () => `/api/search?cid=${fx.categoryId}` },
  { name: 'member home', route: '/api/home', url: () => `/api/home?s=${fx.member.token}` },
  { name: 'member on-demand', route: '/api/ondemand', url: () => `/api/ondemand?s=${fx.member.token}` },
  { name: 'member upcoming', route: '/api/upcoming', url: () => `/api/upcoming?s=${fx.member.token}` },
  {
    name: 'live-room poll',
    route: '/api/class',
    url: () => `/api/class?c=${fx.live}&tzOffsetMin=300&s=${fx.member.token}`,
  },
  { name: 'class page', route: '/api/class', url: () => `/api/class?c=${fx.onDemand}&s=${fx.member.token}` },
  { name: 'seats', route: '/api/seats', url: () => `/api/seats?s=${fx.member.token}` },
  { name: 'completed', route: '/api/completed', url: () => `/api/completed?s=${fx.member.token}` },
  {
    name: 'completed webinars',
    route: '/api/completed-webinars',
    url: () => `/api/completed-webinars?s=${fx.member.token}&page=0`,
  },
  // CE Completed's In-person tab (issue 36); the classes' list leaves claimed events out by index.
  {
    name: 'completed in person',
    route: '/api/completed-in-person',
    url: () => `/api/completed-in-person?s=${fx.member.token}&page=0`,
  },
  { name: 'pending', route: '/api/pending', url: () => `/api/pending?s=${fx.member.token}&page=0` },
  // The signed-in member's part of home (decision 1005): every home visit of a member makes it.
  { name: 'member home part', route: '/api/member-home', url: () => `/api/member-home?s=${fx.member.token}` },
  { name: 'queue', route: '/api/queue', url: () => `/api/queue?s=${fx.member.token}&page=0` },
  {
    name: 'tutorial history',
    route: '/api/tutorial-history',
    url: () => `/api/tutorial-history?s=${fx.member.token}&page=0`,
  },
  {
    name: 'class view',
    route: '/api/class-view',
    url: () => `/api/class-view?c=${fx.onDemand}&s=${fx.member.token}`,
  },
  {
    name: 'reserve seat',
    route: '/api/reserve-seat',
    url: () => `/api/reserve-seat?c=${fx.upcoming}&s=${fx.reserver.token}`,
  },
  { name: 'exam', route: '/api/exam', url: () => `/api/exam?c=${fx.examClass}&s=${fx.grader.token}` },
  {
    name: 'grade exam',
    route: '/api/grade-exam',
    method: 'POST',
    url: () => '/api/grade-exam',
    body: () => ({ s: fx.grader.token, c: fx.examClass, a: [1, 1, 1, 1, 1], tzOffsetMin: 300 }),
  },
];

/** Table names by the name a query uses for them (an alias or the table itself). */
function tablesByAlias(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of text.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+as\s+"?(\w+)"?)?/gi)) {
    names.set(m[1]!, m[1]!);
    if (m[2]) names.set(m[2], m[1]!);
  }
  return names;
}

/** The steps of SQLite's plan for a query, outermost loop first. */
async function sqlitePlan(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return plan.rows.map((r) => r.detail);
}

/**
 * Full scans of growing tables in a SQLite plan: 'SCAN t', and also 'SCAN t USING INDEX i', a
 * walk through a whole index (a SEARCH is what an index lookup looks like).
 */
async function sqliteFullScans(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  const aliases = tablesByAlias(query.sql);
  return (await sqlitePlan(db, query))
    .map((detail) => /^SCAN (\w+)/.exec(detail)?.[1])
    .filter((name): name is string => name !== undefined)
    .map((name) => aliases.get(name) ?? name)
    .filter((table) => GROWING_TABLES.has(table));
}

type TPgPlan = { 'Node Type': string; 'Relation Name'?: string; Plans?: TPgPlan[] };
const seqScans = (node: TPgPlan): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

/**
 * Sequential scans of growing tables in a PostgreSQL plan made with sequential scans disabled:
 * the planner then takes one only when no index can serve the query at all.
 */
async function postgresFullScans(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  // A transaction: one session on either driver (postgres.js has no db.connection()).
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const result = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: TPgPlan }] }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    return seqScans(result.rows[0]!['QUERY PLAN'][0].Plan).filter((table) => GROWING_TABLES.has(table));
  });
}

/** The queries a call runs, which must answer 200. */
async function queriesOf(call: TCall): Promise<CompiledQuery[]> {
  captured = [];
  const res = await t.app.inject({
    method: call.method ?? 'GET',
    url: call.url(),
    ...(call.body ? { payload: call.body() } : {}),
  });
  const queries = captured;
  captured = null;
  expect(res.statusCode, res.body).toBe(200);
  return queries;
}

beforeAll(async () => {
  t = await buildTestApp({}, { onQuery: (query) => captured?.push(query) });
  fx = await seed(t.app.deps.database.db);
});
afterAll(() => t.close());

describe('the hot queries use indexes', () => {
  // it.for passes the test context, which can skip a call whose route is not served yet.
  it.for(HOT_CALLS)('$name', async (call, context) => {
    const routes = Object.keys((t.app.swagger() as { paths?: object }).paths ?? {});
    if (!routes.includes(call.route)) return context.skip(`${call.route} is not served yet`);

    const queries = await queriesOf(call);
    expect(queries.length, 'the call ran no query: is the query observer connected?').toBeGreaterThan(0);

    const { db, dialect } = t.app.deps.database;
    const scans: string[] = [];
    const explained = new Set<string>();
    for (const query of queries) {
      if (explained.has(query.sql) || !/^\s*(select|with|insert|update|delete)\b/i.test(query.sql)) continue;
      explained.add(query.sql);
      const tables =
        dialect === 'sqlite' ? await sqliteFullScans(db, query) : await postgresFullScans(db, query);
      if (tables.length) scans.push(`full scan of ${tables.join(', ')} in: ${query.sql}`);
    }
    expect(scans).toEqual([]);
  });
});

/*
 * Keyword search reads each engine's full-text index (issue 27, docs/decisions/0210): FTS5's
 * MATCH on SQLite (the porter index for stems, the trigram index for substrings and typos), GIN
 * on PostgreSQL (the tsvector index and the pg_trgm indexes). A LIKE over every row is gone.
 */
describe('keyword search reads the full-text indexes', () => {
  // Other words than the hot calls': those answers are cached for a few seconds.
  // PostgreSQL's head trigram index serves typos only (docs/decisions/0211).
  const keywordIndexes = ['fts_docs_doc_trgm_ix', 'fts_docs_vector_ix'];
  it.for([
    ['search by keyword', '/api/search?q=implant%20planning', keywordIndexes],
    [
      'search with a typo',
      '/api/search?q=implnat',
      ['fts_docs_doc_trgm_ix', 'fts_docs_head_trgm_ix', 'fts_docs_vector_ix'],
    ],
    ['on-demand by keyword', '/api/ondemand?q=plans', keywordIndexes],
  ] as const)('%s', async ([name, url, postgresIndexes]) => {
    const { db, dialect } = t.app.deps.database;
    const keyword = (await queriesOf({ name, route: '', url: () => url })).filter(
      // A word's count on PostgreSQL is the planner's estimate: an explain, not a read.
      (q) => /fts_/.test(q.sql) && !/^\s*explain\b/i.test(q.sql),
    );
    expect(keyword.length).toBeGreaterThan(0);
    const used = new Set<string>();
    for (const query of keyword) {
      if (dialect === 'sqlite') {
        for (const step of await sqlitePlan(db, query)) {
          const fts = /^SCAN (fts_\w+) VIRTUAL TABLE INDEX \d+:(\S*)/.exec(step);
          if (/^SCAN fts_/.test(step)) expect(fts?.[2], `${step} in ${query.sql}`).toMatch(/M/);
          if (fts) used.add(fts[1]!);
        }
      } else {
        const plan = await postgresPlanText(db, query);
        expect(plan, query.sql).not.toMatch(/Seq Scan on fts_docs/);
        for (const m of plan.matchAll(/Bitmap Index Scan on (fts_docs_\w+)/g)) used.add(m[1]!);
      }
    }
    if (dialect === 'sqlite') expect([...used].sort()).toEqual(['fts_search', 'fts_trigram']);
    else expect([...used]).toEqual(expect.arrayContaining([...postgresIndexes]));
  });
});

/**
 * PostgreSQL's plan as text, made with sequential scans disabled as above: a handful of test
 * rows would otherwise be read whole, which is what the planner rightly does at that size.
 */
async function postgresPlanText(db: Kysely<DB>, query: CompiledQuery): Promise<string> {
  // A transaction: one session on either driver (postgres.js has no db.connection()).
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/*
 * Without statistics, SQLite likes to read a member's seats from every live class: the index on
 * (type_id, release_at) gives the lists their order for free, and it then looks up the member's
 * seat in each class. That grows with the live classes (150 µs a request at full volume). The
 * seat lists start from the member's seats instead (decision 0815).
 */
describe("a member's seats are read from the member's own seats (SQLite)", () => {
  it.for(['seats', 'member upcoming', 'member home'])('%s', async (name, context) => {
    const { db, dialect } = t.app.deps.database;
    if (dialect !== 'sqlite') return context.skip('PostgreSQL orders joins by its statistics');
    const call = HOT_CALLS.find((c) => c.name === name)!;
    // The list of seats is the query that reads their cancel codes.
    const seatLists = (await queriesOf(call)).filter((q) => /"seats"\."cancel_code"/.test(q.sql));
    expect(seatLists.length).toBeGreaterThan(0);
    for (const query of seatLists) {
      const plan = await sqlitePlan(db, query);
      // /api/seats reads the session by its token first, in the same statement (issue 21).
      const steps = /^SEARCH ses USING .*\(token_hash=\?\)/.test(plan[0]!) ? plan.slice(2) : plan;
      if (steps !== plan)
        expect(plan[1], query.sql).toMatch(/^SEARCH m USING INTEGER PRIMARY KEY|^SEARCH m USING INDEX/);
      expect(steps[0], query.sql).toMatch(/^SEARCH seats USING (COVERING )?INDEX seats_member_id_ix/);
    }
  });
});
