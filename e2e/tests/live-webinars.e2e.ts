import type { BrowserContext, Page } from '@playwright/test';
import { RESERVE_RETRIES, Texts } from '@opence/shared';
import {
  expect,
  holdAppScripts,
  PHONE,
  test,
  type TNewContext,
  type TSignInAs,
} from '../fixtures/browser.ts';

/*
 * Live webinars on a 360 px phone, against the demo content: reserve from the pre-live page,
 * RESERVED on /webinars and /seats, the live room's countdown, cancel through the confirmation
 * dialog; and the waitlist of the full demo class (capacity 3), found through the API.
 */

let context: BrowserContext;
let page: Page;

type TUpcomingRow = { hash: string; className: string; releaseDateUTC: string; hasSeat: boolean };

test.beforeEach(async ({ newContext }) => {
  await context?.close();
  context = await newContext(PHONE);
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
});

const token = () => page.evaluate(() => localStorage.getItem('id_token') ?? '');

async function apiGet<T>(path: string, query: Record<string, string>): Promise<T> {
  const res = await page.request.get(`/api/${path}?${new URLSearchParams(query).toString()}`);
  expect(res.ok(), `GET /api/${path}`).toBe(true);
  return (await res.json()) as T;
}

/** The upcoming webinars as the member with token s (or a visitor) sees them, latest first. */
async function upcoming(s = ''): Promise<TUpcomingRow[]> {
  const body = await apiGet<{ data: TUpcomingRow[] }>('upcoming', { s });
  return [...body.data].sort((a, b) => b.releaseDateUTC.localeCompare(a.releaseDateUTC));
}

/**
 * The full demo class and a webinar with free seats, found by reserving as the demo staff
 * account: the full class answers with a waitlist place (03 §5). The staff account keeps them.
 */
async function probeWebinars(signInAs: TSignInAs): Promise<{ full: TUpcomingRow; open: TUpcomingRow[] }> {
  await signInAs(page, 'demo.staff', 'staff-pass-1');
  const s = await token();
  let full: TUpcomingRow | null = null;
  const open: TUpcomingRow[] = [];
  for (const row of await upcoming(s)) {
    const seat = await apiGet<{ isWaiting: boolean }>('reserve-seat', { s, c: row.hash });
    if (seat.isWaiting) full = row;
    else open.push(row);
  }
  expect(full, 'the demo content has a full webinar').not.toBeNull();
  return { full: full!, open };
}

/**
 * Signs the demo member in, in a fresh context, and finds a webinar with free seats they have not
 * reserved: the first such, or the last (for a journey that keeps its seat).
 */
async function memberAndOpenWebinar(
  { newContext, signInAs }: { newContext: TNewContext; signInAs: TSignInAs },
  which: 'first' | 'last' = 'first',
): Promise<TUpcomingRow> {
  const { open } = await probeWebinars(signInAs);
  await context.close();
  context = await newContext(PHONE);
  page = await context.newPage();
  await signInAs(page, 'demo.member', 'demo-pass-1');
  const candidates = new Set(open.map((r) => r.hash));
  const isOpen = (r: TUpcomingRow) => !r.hasSeat && candidates.has(r.hash);
  const rows = await upcoming(await token());
  const webinar = which === 'first' ? rows.find(isOpen) : rows.findLast(isOpen);
  expect(webinar, 'a webinar with free seats the demo member has not reserved').toBeDefined();
  return webinar!;
}

test.describe('live webinars', () => {
  test('sends a visitor who presses Reserve Seat to login, on the way to the room', async ({
    expectAccessible,
  }) => {
    const [row] = await upcoming();
    await page.goto(`/reserve/${row!.hash}`);
    await page.getByRole('heading', { level: 1, name: row!.className }).waitFor();
    expect(await page.getByText('(Live, Interactive)').count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reserve Seat' }).click();
    await page.waitForURL('**/login?rurl=*');
    expect(new URL(page.url()).searchParams.get('rurl')).toBe(`/live/${row!.hash}`);
  });

  test('lets a member reserve, see the seat, open the room and cancel it', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    const { hash, className } = await memberAndOpenWebinar({ newContext, signInAs });

    // Pre-live page → Reserve Seat → the room reserves on arrival.
    await page.goto(`/reserve/${hash}`);
    await page.getByRole('button', { name: 'Reserve Seat' }).click();
    await page.waitForURL(`**/live/${hash}`);
    await page.getByRole('heading', { name: 'Live Webinar Begins In:' }).waitFor();
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/\d+ (days?|hours?|minutes?)/);
    await page.getByRole('button', { name: 'Enter Lobby' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add Event to Calendar' }).getAttribute('href')).toBe(
      `/api/calendar.ics?c=${hash}`,
    );
    await expect
      .poll(async () =>
        (await apiGet<{ data: { hash: string }[] }>('seats', { s: await token() })).data.map((r) => r.hash),
      )
      .toContain(hash);
    await expectAccessible(page);

    // RESERVED on the upcoming list.
    await page.goto('/webinars');
    const listRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: className }) });
    await expect.poll(() => listRow.getByText('RESERVED', { exact: true }).count()).toBe(1);
    await expectAccessible(page);

    // The seat in Reserved Seats, with its Cancel button.
    await page.goto('/seats');
    await page.getByRole('heading', { level: 1, name: 'Reserved Seats' }).waitFor();
    const seatRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: className }) });
    await expect.poll(() => seatRow.getByText('RESERVED', { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText(/^Reserved: \d+ Live Webinars$/).count()).toBe(1);
    await expectAccessible(page);
    await seatRow.getByRole('link', { name: `Cancel: ${className}` }).click();

    // Cancel through the confirmation dialog; success goes to /webinars.
    await page.waitForURL('**/cancel-seat/*');
    await page.getByRole('heading', { name: className }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I Cannot Attend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm your intent to release your seat.' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Release My Seat' }).click();
    await page.waitForURL('**/webinars');
    const seats = await apiGet<{ data: { hash: string }[] }>('seats', { s: await token() });
    expect(seats.data.map((r) => r.hash)).not.toContain(hash);
  });

  test('shows On Waitlist in the room of the full class, and WAITLIST in Reserved Seats', async ({
    expectAccessible,
    signInAs,
  }) => {
    const { full } = await probeWebinars(signInAs);
    await page.goto(`/live/${full.hash}`);
    await page.getByRole('heading', { name: 'On Waitlist' }).waitFor();
    expect(await page.getByRole('button', { name: 'Enter Webinar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'On Waitlist' }).waitFor();
    await expectAccessible(page);

    await page.goto('/seats');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: full.className }) });
    await expect.poll(() => row.getByText('WAITLIST', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('link', { name: /^Cancel:/ }).count()).toBe(0);
  });

  test('keeps the room’s buttons in place while it reserves the seat on arrival', async ({
    newContext,
    signInAs,
  }) => {
    // The last one: the journeys above and below reserve the first.
    const webinar = await memberAndOpenWebinar({ newContext, signInAs }, 'last');

    // The server's room, before the app runs: the seat is being reserved.
    const release = await holdAppScripts(page);
    await page.goto(`/live/${webinar.hash}`, { waitUntil: 'commit' });
    const lobby = page.getByRole('button', { name: 'Enter Lobby' });
    await page.getByRole('heading', { name: Texts.SEAT_RESERVING }).waitFor();
    const before = await lobby.boundingBox();
    await release();
    await page.getByRole('heading', { name: Texts.SEAT_RESERVED }).waitFor();
    expect(await lobby.boundingBox()).toEqual(before);
  });

  test('offers the lobby while waiting, with a way back to the room', async ({
    expectAccessible,
    signInAs,
  }) => {
    await signInAs(page, 'demo.member', 'demo-pass-1');
    const [latest] = await upcoming(await token());
    await page.goto(`/live/${latest!.hash}`);
    await page.getByRole('button', { name: 'Enter Lobby' }).click();
    await page.getByRole('heading', { level: 1, name: 'While you wait...' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^(Play|Pause)/ }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: '« Return to Classroom' }).click();
    await page.getByRole('heading', { name: 'Live Webinar Begins In:' }).waitFor();
  });

  test('keeps the room through refused refreshes, backs off, and refreshes again', async ({ signInAs }) => {
    const { full } = await probeWebinars(signInAs);
    await page.goto(`/live/${full.hash}`);
    await page.getByRole('heading', { name: 'On Waitlist' }).waitFor();

    // The next three refreshes fail: twice the server is busy (503, Retry-After), once the network.
    const asked: number[] = [];
    let failuresLeft = 3;
    let answered = 0;
    await page.route(
      (url) => url.pathname === '/api/class',
      async (route) => {
        asked.push(Date.now());
        if (failuresLeft === 0) {
          answered += 1;
          return route.continue();
        }
        failuresLeft -= 1;
        if (failuresLeft === 0) return route.abort('connectionreset');
        return route.fulfill({
          status: 503,
          headers: { 'retry-after': '1', 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ status: false, msg: Texts.SERVER_BUSY }),
        });
      },
    );
    // Anything alarming shown at any moment is recorded, even if a later refresh took it away.
    const alarming = [Texts.GET_CLASS_ERROR, Texts.GET_CLASS_TRAPPED, Texts.SERVER_BUSY, Texts.GENERIC_ERROR];
    await page.evaluate((texts) => {
      const seen = ((window as unknown as { alarmSeen: string[] }).alarmSeen = [] as string[]);
      new MutationObserver(() => {
        for (const text of texts) if (document.body.innerText.includes(text)) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, alarming);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => answered, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    // Asked again no sooner than Retry-After, then later each time.
    const waits = asked.slice(1).map((at, i) => at - asked[i]!);
    expect(waits[0]).toBeGreaterThanOrEqual(900);
    expect(waits[1]).toBeGreaterThan(waits[0]! * 1.3);
    // Nothing alarming was shown, and the room is as it was.
    expect(await page.evaluate(() => (window as unknown as { alarmSeen: string[] }).alarmSeen)).toEqual([]);
    await page.getByRole('heading', { name: 'On Waitlist' }).waitFor();
    expect(await page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
  });
  test('retries a reservation the busy server refused, and says so when every attempt failed', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    const { hash } = await memberAndOpenWebinar({ newContext, signInAs });
    const busy = {
      status: 503,
      headers: { 'retry-after': '1', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ status: false, msg: Texts.SERVER_BUSY }),
    };

    // Every attempt refused: the room tries 1 + RESERVE_RETRIES times, then says why and offers another go.
    const asked: number[] = [];
    let isBusy = true;
    await page.route(
      (url) => url.pathname === '/api/reserve-seat',
      async (route) => {
        asked.push(Date.now());
        return isBusy ? route.fulfill(busy) : route.continue();
      },
    );
    await page.goto(`/live/${hash}`);
    const failed = page.getByText(`${Texts.UNABLE_RESERVE} ${Texts.SERVER_BUSY}`);
    await failed.waitFor({ timeout: 30_000 });
    expect(asked).toHaveLength(1 + RESERVE_RETRIES);
    const waits = asked.slice(1).map((at, i) => at - asked[i]!);
    expect(waits[0]).toBeGreaterThanOrEqual(900);
    expect(waits[1]).toBeGreaterThan(waits[0]! * 1.3);
    await expectAccessible(page);

    // Try again: refused twice more, then answered; the seat is reserved and nothing alarming stays.
    asked.length = 0;
    let refusalsLeft = 2;
    isBusy = false;
    await page.unroute((url) => url.pathname === '/api/reserve-seat');
    await page.route(
      (url) => url.pathname === '/api/reserve-seat',
      async (route) => {
        asked.push(Date.now());
        if (refusalsLeft === 0) return route.continue();
        refusalsLeft -= 1;
        return route.fulfill(busy);
      },
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: Texts.SEAT_RESERVED }).waitFor({ timeout: 20_000 });
    expect(asked).toHaveLength(3);
    expect(await failed.count()).toBe(0);
    const seats = await apiGet<{ data: { hash: string; cancelCode: string }[] }>('seats', {
      s: await token(),
    });
    const seat = seats.data.find((r) => r.hash === hash);
    expect(seat, 'the seat is in Reserved Seats').toBeDefined();

    // Leave the demo content as it was for the other journeys.
    const released = await page.request.post('/api/cancel-seat', {
      data: { code: seat!.cancelCode, s: await token() },
    });
    expect(released.ok()).toBe(true);
  });
});
