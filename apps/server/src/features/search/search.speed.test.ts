import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { ClassType } from '@opence/shared';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { newId, newPublicHash, nowIso } from '../../lib/ids.ts';

/*
 * Server time of uncached keyword searches at the benchmark's class volume (5,000 classes with
 * categories, speakers and sponsors), measured in process (no network): docs/decisions/0210.
 * Opt-in, it takes a minute: SEARCH_SPEED=1 npx vitest run --project server <this file>.
 * SEARCH_PROFILE=1 also prints, for a few searches, every query one search runs with its time
 * (mean of 20 runs) and its plan (docs/decisions/0211); SEARCH_PROFILE_Q='a,b c' names the
 * searches to profile. The timing line ends with the 5 slowest searches and each word alone.
 * SEARCH_SPEED_DB=<a DATABASE_URL> measures an existing database instead (the benchmark's, at full
 * volume: sqlite:bench/.work/db/bench-1.sqlite or postgres://…/opence_bench_1), generating nothing.
 */

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
const WORDS = [
  'implant',
  'implants',
  'endodntic',
  'periodontal',
  'orthodontics',
  'pediatr',
  'radiology',
  'sedaton',
];
const CLASSES = 5_000;

describe.skipIf(!process.env.SEARCH_SPEED)('uncached keyword search at benchmark volume', () => {
  let t: TTestApp;
  let captured: CompiledQuery[] | null = null;
  beforeAll(async () => {
    const existing = process.env.SEARCH_SPEED_DB;
    t = await buildTestApp(existing ? { DATABASE_URL: existing } : {}, {
      onQuery: (query) => captured?.push(query),
    });
    if (existing) return;
    const db = t.app.deps.database.db;
    const categories = TOPICS.map((name, i) => ({ id: newId(), name: `${name} care`, sort: i }));
    await db.insertInto('categories').values(categories).execute();
    const speakers = Array.from({ length: 200 }, (_, i) => ({
      id: newId(),
      name: `Speaker ${i} Smith`,
      created_at: nowIso(),
    }));
    await db.insertInto('speakers').values(speakers).execute();
    const companies = Array.from({ length: 40 }, (_, i) => ({
      id: newId(),
      name: `Company ${i} Dental`,
      created_at: nowIso(),
    }));
    await db.insertInto('companies').values(companies).execute();
    for (let start = 0; start < CLASSES; start += 250) {
      const rows = Array.from({ length: 250 }, (_, j) => {
        const i = start + j;
        return {
          id: newId(),
          hash: newPublicHash(),
          slug: `speed-${i}`,
          title: `${TOPICS[i % 7]} ${SUBJECTS[(i >> 3) % 7]} ${i}`,
          blurb: `A course about ${TOPICS[(i >> 2) % 7]!.toLowerCase()} for the whole dental team, number ${i}.`,
          description: 'Learning objectives, references and the speaker biography. '.repeat(8),
          type_id: i % 10 === 0 ? ClassType.LIVE : ClassType.PRODUCED,
          ce_type_id: 1,
          release_at: nowIso(new Date(Date.now() + (i % 10 === 0 ? 1 : -1) * (i + 1) * 3_600_000)),
          duration_min: 60,
          credits: 1,
          is_published: 1,
          speaker_id: speakers[i % 200]!.id,
          company_id: companies[i % 40]!.id,
          created_at: nowIso(),
          updated_at: nowIso(),
        };
      });
      await db
        .insertInto('classes')
        .values(rows as never)
        .execute();
      await db
        .insertInto('class_categories')
        .values(rows.map((r, j) => ({ class_id: r.id, category_id: categories[(start + j) % 7]!.id })))
        .execute();
    }
    // As the benchmark does after generating its data (bench/src/database.ts): the planner's
    // statistics of a loaded database, as autovacuum keeps them in production.
    if (t.app.deps.database.dialect === 'postgres') await sql`analyze`.execute(db);
  }, 600_000);
  afterAll(() => t.close());

  it.skipIf(!process.env.SEARCH_PROFILE)(
    'prints what one uncached search runs',
    async () => {
      const { db, dialect } = t.app.deps.database;
      for (const q of (process.env.SEARCH_PROFILE_Q ?? 'implant 1234,sedaton 321,periodontal').split(',')) {
        captured = [];
        const started = performance.now();
        await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
        const total = performance.now() - started;
        const queries = captured;
        captured = null;
        const lines: string[] = [];
        // A query the search ran in a transaction after a SET LOCAL (engine/postgres.ts
        // throughIndexes) is run again the same way; the transaction's own statements are not.
        let setting: string | null = null;
        for (const query of queries) {
          if (/^\s*(begin|commit|rollback)\b/i.test(query.sql)) continue;
          if (/^\s*set local\b/i.test(query.sql)) {
            setting = query.sql;
            continue;
          }
          const local = setting;
          setting = null;
          const run = async <R>(text: string) =>
            local
              ? db.transaction().execute(async (trx) => {
                  await trx.executeQuery(CompiledQuery.raw(local));
                  return trx.executeQuery<R>(CompiledQuery.raw(text, [...query.parameters]));
                })
              : db.executeQuery<R>(CompiledQuery.raw(text, [...query.parameters]));
          const again = performance.now();
          for (let i = 0; i < 20; i++) await run(query.sql);
          const ms = (performance.now() - again) / 20;
          const plan = /^\s*explain\b/i.test(query.sql)
            ? { rows: [] }
            : await run<Record<string, unknown>>(
                `${dialect === 'sqlite' ? 'explain query plan' : 'explain analyze'} ${query.sql}`,
              );
          const steps = plan.rows.map((r) => String(r.detail ?? r['QUERY PLAN']));
          lines.push(
            `${ms.toFixed(2)} ms  ${query.sql.replace(/\s+/g, ' ').slice(0, 400)}\n    params ${JSON.stringify(query.parameters).slice(0, 200)}\n    ${steps.join('\n    ')}`,
          );
        }
        console.log(
          `search ${JSON.stringify(q)} (${dialect}): ${total.toFixed(1)} ms, ${queries.length} queries\n${lines.join('\n')}`,
        );
      }
    },
    600_000,
  );

  it('prints the server time of 300 uncached keyword searches (p50, p90, p99; target in 0210)', async () => {
    // A short warm-up, as the benchmark's (JIT, statement caches, pools): other numbers, so the
    // measured searches stay uncached (docs/decisions/0212).
    for (let i = 0; i < 24; i++) {
      await t.app.inject({
        url: `/api/search?q=${encodeURIComponent(`${WORDS[i % WORDS.length]} ${4500 + i}`)}`,
      });
    }
    const timed: { q: string; ms: number }[] = [];
    for (let i = 0; i < 300; i++) {
      // New words each time, never the public cache: numbers of 3 digits or more, since shorter
      // words are dropped (02 §9) and 'implant 5' would be the cached answer of 'implant'.
      const q = `${WORDS[i % WORDS.length]} ${100 + i}`;
      const started = performance.now();
      const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
      timed.push({ q, ms: performance.now() - started });
      expect(res.statusCode).toBe(200);
    }
    const times = timed.map((x) => x.ms).sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
    const slowest = [...timed]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((x) => `${x.q} ${x.ms.toFixed(1)}`);
    // Each word's median and slowest with a number (which word costs what, apart from noise).
    const byWord = WORDS.map((word) => {
      const own = timed
        .filter((x) => x.q.startsWith(`${word} `))
        .map((x) => x.ms)
        .sort((a, b) => a - b);
      return `${word} ${own[Math.floor(own.length / 2)]!.toFixed(1)}/${own.at(-1)!.toFixed(1)}`;
    });
    // Each word alone, once (a common word's whole lookup and lists; uncached only the first time).
    const alone: string[] = [];
    for (const word of WORDS) {
      const started = performance.now();
      await t.app.inject({ url: `/api/search?q=${encodeURIComponent(word)}` });
      alone.push(`${word} ${(performance.now() - started).toFixed(1)}`);
    }
    console.log(
      `search speed (${t.app.deps.database.dialect}): p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms; slowest: ${slowest.join(', ')}; per word (median/max): ${byWord.join(', ')}; alone: ${alone.join(', ')}`,
    );
  }, 600_000);
});
