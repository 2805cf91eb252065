import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { AdSlotType } from '@opence/shared';
import type { DB } from '../../src/db/types.ts';
import { newClientAddress } from '../../src/features/accounts/accounts.fixtures.ts';
import { createSession } from '../../src/domain/sessions.ts';
import { validatorCompiler } from '../../src/plugins/validation.ts';
import { createLearningContent, createMemberWithRecords } from '../authorization/member-records.ts';
import {
  createAd,
  createBlogPost,
  createCategory,
  createCompany,
  createDrilldown,
  createEbook,
  createSpeaker,
  createSponsorVideo,
  createStaff,
  createSurvey,
} from '../factories.ts';
import { listRoutes, NOT_API_ROUTES } from '../route-table.ts';
import { watchDatabase } from './database-digest.ts';
import { requestsTo, type TFuzzRequest } from './request-arbitraries.ts';
import { buildAppWithRouteSchemas, routeKey, type TCapturedRoute } from './route-schemas.ts';

/*
 * Every API route, fed requests derived from its own schema (valid, boundary and broken
 * values) as a visitor, a member and staff. Pass: no 5xx, no stack trace, file path or SQL in
 * an answer, and a refused request (4xx) leaves every table as it was.
 * Reproduce a failure with FUZZ_SEED=<seed printed> (and FUZZ_RUNS to go deeper).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Runs per route and actor; the staff console's routes refuse visitors and members early. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const RUNS_REFUSED_EARLY = Math.max(2, Math.ceil(RUNS / 4));

const LEAKS: RegExp[] = [
  /SQLITE_[A-Z]/,
  /syntax error/i,
  /\bselect\s[\w\s"*.,()]{0,200}\sfrom\s+["\w]/i,
  /\binsert\s+into\b/i,
  /\bdelete\s+from\b/i,
  /\bupdate\s+"?\w+"?\s+set\s/i,
  /violates \w+ (?:key )?constraint/i,
  /relation "\w+" does not exist/i,
  /\bat (?:async )?[\w$.<>]+ \(/,
  /at Object\./,
  /\.[cm]?[jt]s:\d+/,
  /node_modules/,
  /\/(?:work|home|tmp|usr|root)\/\w/,
];

const TEXT_TYPES = /json|text|csv|calendar/;

const { t, schemas } = await buildAppWithRouteSchemas();
afterAll(() => t.close());
const db = t.app.deps.database.db;
const content = await createLearningContent(db);
const records = await createMemberWithRecords(t.app, content);
const staff = await createStaff(db);
await createFuzzTargets();
const knownIds = await readKnownIds(db);
const routes = listRoutes(t.app).filter((route) => !NOT_API_ROUTES.has(routeKey(route)));
// The staff console last: its deletes would otherwise take the member's classes away early.
routes.sort((a, b) => Number(a.url.startsWith('/api/admin')) - Number(b.url.startsWith('/api/admin')));

/** One row of each other kind of content, so their ids are known and their routes find them. */
async function createFuzzTargets() {
  await createBlogPost(db);
  await createDrilldown(db);
  await createAd(db);
  await createAd(db, { slot_type_id: AdSlotType.MOBILE_LIST });
  await createEbook(db);
  await createSurvey(db);
  await createSponsorVideo(db);
  await createCategory(db);
  await createCompany(db);
  await createSpeaker(db);
}

/** Ids, hashes, codes and names present in the database: valid values reach deeper code. */
async function readKnownIds(database: Kysely<DB>): Promise<string[]> {
  const columns = /^(id|hash|slug|code|cancel_code|certificate_number|username|email|key)$/;
  const found = new Set<string>();
  for (const table of await database.introspection.getTables()) {
    for (const column of table.columns.filter((c) => columns.test(c.name))) {
      const { rows } = await sql<{ value: unknown }>`select ${sql.ref(column.name)} as value from ${sql.table(
        table.name,
      )}`.execute(database);
      for (const { value } of rows) if (typeof value === 'string') found.add(value);
    }
  }
  const certificateFiles = [records.classCompletion, records.podcastCompletion].map(
    (completion) => `${completion.certificate_number}.pdf`,
  );
  return [...found, ...certificateFiles];
}

type TActor = 'visitor' | 'member' | 'staff';

/** A fresh session per route: a fuzzed logout or password change may have ended the last one. */
async function tokenOf(actor: TActor): Promise<string | null> {
  if (actor === 'visitor') return null;
  return createSession(db, actor === 'member' ? records.member.id : staff.id);
}

/** The response text with every string the request carried cut out: an echo is not a leak. */
function withoutEcho(text: string, request: TFuzzRequest): string {
  const sent = request.sent.filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
  let rest = text;
  for (const s of sent) rest = rest.split(s).join('').split(JSON.stringify(s).slice(1, -1)).join('');
  return rest;
}

async function send(request: TFuzzRequest, token: string | null) {
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    payload: request.payload,
    headers: {
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    // A new address per request, so the per-address rate limits do not end the run early.
    remoteAddress: newClientAddress(),
  });
}

/** Each route and actor draws its own requests, all fixed by the one FUZZ_SEED. */
function seedOf(name: string): number {
  let seed = SEED;
  for (const char of name) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return seed;
}

async function fuzzRoute(route: TCapturedRoute, actor: TActor, numRuns: number) {
  const token = await tokenOf(actor);
  const watch = await watchDatabase(t.app.deps.database);
  await fc.assert(
    fc.asyncProperty(requestsTo(route, knownIds), async (request) => {
      const response = await send(request, token);
      const changed = await watch.changedTables();
      const where = `FUZZ_SEED=${SEED} ${actor} ${request.method} ${request.url.slice(0, 300)} → ${response.statusCode}`;
      if (response.statusCode >= 500) throw new Error(`${where}: ${response.body.slice(0, 500)}`);
      const type = String(response.headers['content-type'] ?? '');
      if (TEXT_TYPES.test(type)) {
        const text = withoutEcho(response.body, request);
        const leak = LEAKS.find((pattern) => pattern.test(text));
        if (leak) throw new Error(`${where} leaks ${leak}: ${response.body.slice(0, 500)}`);
      }
      if (response.statusCode >= 400 && changed.length) {
        throw new Error(`${where} was refused but changed ${changed.join(', ')}: ${response.body}`);
      }
    }),
    { seed: seedOf(`${actor} ${routeKey(route)}`), numRuns, endOnFailure: true },
  );
}

describe('the API under fuzzed input', () => {
  it('knows the schema of every route in the route table', () => {
    const missing = routes.filter((route) => !schemas.get(routeKey(route))?.hasSchema).map(routeKey);
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
  });

  // Issue 28: an optional field sent as null is absent, on every route, in every input part.
  it('takes null for absent in every optional field of every route', () => {
    const wrong: string[] = [];
    const issuePaths = (result: { error?: unknown }) =>
      Array.isArray(result.error)
        ? result.error.map((issue: { instancePath: string }) => issue.instancePath).sort()
        : [];
    let checked = 0;
    for (const route of routes) {
      const captured = schemas.get(routeKey(route))!;
      for (const part of ['body', 'querystring'] as const) {
        const zod = captured.zod[part];
        const json = captured.input[part];
        if (!zod || !json?.properties) continue;
        const validate = validatorCompiler({
          schema: zod,
          method: route.method,
          url: route.url,
          httpPart: part,
        });
        const optional = Object.keys(json.properties).filter((key) => !(json.required ?? []).includes(key));
        const absent = issuePaths(validate({}) as { error?: unknown });
        for (const key of optional) {
          checked++;
          const withNull = issuePaths(validate({ [key]: null }) as { error?: unknown });
          if (JSON.stringify(withNull) !== JSON.stringify(absent)) {
            wrong.push(`${routeKey(route)} ${part}.${key}: ${withNull.join(' ')} vs ${absent.join(' ')}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  describe.each(routes.map(routeKey))('%s', (key) => {
    const route = schemas.get(key);
    const isStaffOnly = key.includes(' /api/admin');
    it.each<TActor>(['visitor', 'member', 'staff'])('as %s', async (actor) => {
      expect(route, `no schema captured for ${key}`).toBeDefined();
      const runs = isStaffOnly && actor !== 'staff' ? RUNS_REFUSED_EARLY : RUNS;
      await fuzzRoute(route!, actor, runs);
    });
  });
});
