import { ClassType } from '@opence/shared';
import type { Kysely } from 'kysely';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/types.ts';
import {
  presentCompletedPodcastRow,
  presentCompletedWebinarRow,
  presentQueueRow,
} from '../src/features/member-lists/member-lists.presenter.ts';
import {
  selectCompletedClassesPage,
  selectCompletedPodcastsPage,
  selectQueuePage,
} from '../src/features/member-lists/member-lists.repo.ts';
import { selectMemberSeats } from '../src/features/seats/seats.repo.ts';
import { presentSeatRow } from '../src/domain/class-rows.ts';
import { newId, nowIso } from '../src/lib/ids.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createClass, createCompletion, createMember, createPodcast, createSeat } from './factories.ts';

/*
 * The rows of a member's lists share one hidden class (decision 0815). In Node 20's V8, an object
 * literal that writes properties after a spread gives every object a hidden class of its own:
 * about 1 µs a property, and every later reader (serialising, validating) sees a new shape per
 * row. The lint rule of 0815 keeps the pattern out of the server; this checks the rows the
 * busiest member calls answer with, read from the database as the calls read them.
 */

setFlagsFromString('--allow-natives-syntax');
// V8's own comparison of two objects' hidden classes (maps).
const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

/**
 * Presents the rows as a busy server does, many times over (V8 shapes a literal's objects
 * differently once its code is warm), and tells whether the last rows share one hidden class.
 */
function shareOneHiddenClass<R>(rows: R[], present: (row: R) => object): boolean {
  let presented: object[] = [];
  for (let round = 0; round < 200; round++) presented = rows.map(present);
  return presented.every((row) => sameHiddenClass(presented[0] as object, row));
}

const ROWS = 4;
const WINDOW = { offset: 0, limit: 10 };
const context = { timeZone: 'America/New_York', certUrl: (n: string) => `https://ce.example/api/cert/${n}` };

let t: TTestApp;
let db: Kysely<DB>;
let memberId: string;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.deps.database.db;
  const member = await createMember(db);
  memberId = member.id;
  const inAnHour = new Date(Date.now() + 3_600_000);
  for (let i = 0; i < ROWS; i++) {
    await createCompletion(db, memberId, { class_id: (await createClass(db)).id });
    await createCompletion(db, memberId, { podcast_id: (await createPodcast(db)).id });
    const queued = await createClass(db);
    await db
      .insertInto('queue_items')
      .values({ id: newId(), member_id: memberId, class_id: queued.id, created_at: nowIso() })
      .execute();
    const live = await createClass(db, { type_id: ClassType.LIVE, release_at: nowIso(inAnHour) });
    await createSeat(db, live.id, memberId);
  }
});
afterAll(() => t.close());

describe('rows of the member lists share one hidden class', () => {
  it('CE Completed, classes', async () => {
    const rows = await selectCompletedClassesPage(db, memberId, WINDOW);
    expect(rows).toHaveLength(ROWS);
    expect(shareOneHiddenClass(rows, (row) => presentCompletedWebinarRow(row, context))).toBe(true);
  });

  it('CE Completed, podcast episodes', async () => {
    const rows = await selectCompletedPodcastsPage(db, memberId, WINDOW);
    expect(rows).toHaveLength(ROWS);
    expect(shareOneHiddenClass(rows, (row) => presentCompletedPodcastRow(row, context))).toBe(true);
  });

  it('Watch Later', async () => {
    const rows = await selectQueuePage(db, memberId, WINDOW);
    expect(rows).toHaveLength(ROWS);
    expect(shareOneHiddenClass(rows, presentQueueRow)).toBe(true);
  });

  it("the member's seats", async () => {
    const rows = await selectMemberSeats(db, memberId);
    expect(rows).toHaveLength(ROWS);
    expect(shareOneHiddenClass(rows, presentSeatRow)).toBe(true);
  });

  it('properties written after a spread do not (why the lint rule of 0815 exists)', async () => {
    // If a Node upgrade makes this pass, its V8 caches these shapes and the rule can go.
    const rows = await selectCompletedClassesPage(db, memberId, WINDOW);
    const facts = (row: (typeof rows)[number]) => ({ hash: row.hash, title: row.title });
    const spread = (row: (typeof rows)[number]) => ({
      ...facts(row),
      photo: row.photo,
      credits: row.credits,
    });
    expect(shareOneHiddenClass(rows, spread)).toBe(false);
  });
});
