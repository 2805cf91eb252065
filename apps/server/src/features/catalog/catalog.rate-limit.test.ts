import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppSharing, type TTestApp } from '../../../test/build-test-app.ts';
import { createEbook, createMember, type TTestMember } from '../../../test/factories.ts';
import { BOOK_REQUEST_LIMIT } from './catalog.service.ts';

/* POST /api/book-response-mvp is limited per member: each request is a sponsor lead (docs/decisions/0902). */

let t: TTestApp;
let other: TTestApp;
let bookHash: string;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestAppSharing(t);
  bookHash = (await createEbook(db())).hash;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const requestBook = (app: TTestApp, member: TTestMember) =>
  app.app.inject({
    method: 'POST',
    url: '/api/book-response-mvp',
    payload: { s: member.token, h: bookHash },
  });

async function requestsOf(member: TTestMember): Promise<number> {
  const rows = await db()
    .selectFrom('ebook_requests')
    .select('id')
    .where('member_id', '=', member.id)
    .execute();
  return rows.length;
}

describe('POST /api/book-response-mvp rate limit', () => {
  it('refuses a member past the limit with 429, stores nothing more, and leaves other members alone', async () => {
    const member = await createMember(db());
    for (let i = 0; i < BOOK_REQUEST_LIMIT.hits; i++) {
      expect((await requestBook(t, member)).statusCode).toBe(200);
    }
    const refused = await requestBook(t, member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, msg: Texts.RATE_LIMITED });
    expect(await requestsOf(member)).toBe(BOOK_REQUEST_LIMIT.hits);
    expect((await requestBook(t, await createMember(db()))).statusCode).toBe(200);
  });

  it('holds across two server processes sharing the database', async () => {
    const member = await createMember(db());
    for (let i = 0; i < BOOK_REQUEST_LIMIT.hits / 2; i++) {
      expect((await requestBook(t, member)).statusCode).toBe(200);
      expect((await requestBook(other, member)).statusCode).toBe(200);
    }
    expect((await requestBook(other, member)).statusCode).toBe(429);
    expect((await requestBook(t, member)).statusCode).toBe(429);
    expect(await requestsOf(member)).toBe(BOOK_REQUEST_LIMIT.hits);
  });
});
