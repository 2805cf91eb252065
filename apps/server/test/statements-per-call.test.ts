import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createSeatedMember, type TTestMember } from './factories.ts';

/*
 * The hot member calls each read what they answer in one statement (issue 21, decisions 0818
 * and 0819): the session by its token's hash, its member, and the call's rows together, on both
 * engines. Every statement the app runs is counted through its query observer; a call that goes
 * back to the guard's separate session lookup, or reads its rows in two steps, takes two or
 * more and fails here. The first call of each fills the short caches (the class, the site
 * settings), so the calls are counted warm; those caches live 5 s, far longer than the calls.
 */

const WARM_CALLS = 5;

describe('statements per hot member call', () => {
  let t: TTestApp;
  let member: TTestMember;
  let live: string;
  let statements: string[] | null = null;

  beforeAll(async () => {
    t = await buildTestApp({}, { onQuery: (query) => statements?.push(query.sql) });
    ({ member, live } = await createSeatedMember(t.app.deps.database.db, {
      startsInMs: 24 * 3_600_000,
      completions: 12,
    }));
  });
  afterAll(() => t?.close());

  /** The statements each of a few warm calls of `url` ran; every call must answer `status`. */
  async function statementsPerCall(url: string, status = 200): Promise<string[][]> {
    const perCall: string[][] = [];
    for (let i = 0; i <= WARM_CALLS; i++) {
      statements = [];
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      if (i > 0) perCall.push(statements);
    }
    statements = null;
    return perCall;
  }

  it.for([
    ['the live room poll', () => `/api/class?c=${live}&tzOffsetMin=300&s=${member.token}`],
    ['seats', () => `/api/seats?s=${member.token}`],
    ['completed-webinars', () => `/api/completed-webinars?s=${member.token}&page=0`],
    ['completed-webinars, last page', () => `/api/completed-webinars?s=${member.token}&page=1`],
  ] as const)('%s runs one statement', async ([, url]) => {
    for (const ran of await statementsPerCall(url())) expect(ran, ran.join('\n')).toHaveLength(1);
  });

  it("answers the live room's poll pulse from memory: no statement per attendee (decision 1154)", async () => {
    for (const ran of await statementsPerCall(`/api/live-poll-pulse?c=${live}&s=${member.token}`))
      expect(ran, ran.join('\n')).toHaveLength(0);
  });

  it('reads the session and the rows in that one statement, and answers them', async () => {
    const [[seats]] = await statementsPerCall(`/api/seats?s=${member.token}`);
    expect(seats).toMatch(/"token_hash"/);
    expect(seats).toMatch(/"cancel_code"/);
    const [[completed]] = await statementsPerCall(`/api/completed-webinars?s=${member.token}`);
    expect(completed).toMatch(/"token_hash"/);
    expect(completed).toMatch(/"certificate_number"/);
    // SQLite plans a statement with a bound LIMIT at every run: the page size is in the text (0814).
    if (t.app.deps.database.dialect === 'sqlite') expect(completed).toMatch(/\blimit 10\b/);
    const res = await t.app.inject({ url: `/api/completed-webinars?s=${member.token}&page=1` });
    expect(res.json()).toMatchObject({ page: 1, totalRows: 12, rowCount: 2 });
  });

  it('reads a page beyond the last again, clamped: two statements', async () => {
    const url = `/api/completed-webinars?s=${member.token}&page=7`;
    for (const ran of await statementsPerCall(url)) expect(ran, ran.join('\n')).toHaveLength(2);
    const res = await t.app.inject({ url });
    expect(res.json()).toMatchObject({ page: 1, totalRows: 12, rowCount: 2 });
  });

  it('refuses an unknown token after one statement, and one not shaped like a token after none', async () => {
    for (const url of ['/api/seats', '/api/completed-webinars']) {
      for (const ran of await statementsPerCall(`${url}?s=${'x'.repeat(43)}`, 401))
        expect(ran).toHaveLength(1);
      for (const ran of await statementsPerCall(`${url}?s=short`, 401)) expect(ran).toHaveLength(0);
    }
  });
});
