import { Secret, TOTP } from 'otpauth';
import type { Page } from 'puppeteer-core';
import type { TInteraction, TStoredSession } from './web-lighthouse.ts';

/*
 * What bench:web measures on the demo content (docs/decisions/0832): the routes a visitor lands
 * on, the member's own pages with the demo member signed in, the staff console's dashboard with
 * the demo staff signed in, and the interactions whose Interaction to Next Paint the issue names.
 */

const DEMO_MEMBER = { u: 'demo.member', p: 'demo-pass-1' };
/** The demo staff signs in with a TOTP code of its published secret (docs/decisions/0920). */
const DEMO_STAFF = { u: 'demo.staff', p: 'staff-pass-1', totpSecret: 'OPENCEDEMOSTAFFTOTPSECRETKEY2345' };

export type TWho = 'visitor' | 'member' | 'staff';
export type TWebPage = { route: string; who: TWho };

type TLogin = { token: string; firstname: string; lastname: string; email: string; timeZone: string | null };

async function getJson<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function postJson<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The local storage of a browser signed in as `who`, as the login page leaves it (01 §3). A member
 * who signs in has seen the cookie notice and, as most do, accepted it; a visitor has not.
 */
async function storedSession(
  base: string,
  who: { u: string; p: string; totpSecret?: string },
): Promise<TStoredSession> {
  const { totpSecret, ...credentials } = who;
  const code = totpSecret
    ? new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({ timestamp: Date.now() })
    : undefined;
  const login = await postJson<TLogin>(base, '/api/login', code ? { ...credentials, code } : credentials);
  return {
    storage: {
      id_token: login.token,
      student_name: `${login.firstname} ${login.lastname}`,
      student_email: login.email,
      ...(login.timeZone ? { student_time_zone: login.timeZone } : {}),
      cookie_accepted: new Date().toString(),
    },
    // As the app and the page's head script keep them once signed in (0831, 0833).
    cookies: {
      opence_session: login.token,
      ...(login.timeZone ? { tz: encodeURIComponent(login.timeZone) } : {}),
    },
  };
}

/** The sessions and the addresses of the demo content that the pages and interactions need. */
export type TWebSite = {
  base: string;
  member: TStoredSession;
  staff: TStoredSession;
  pages: TWebPage[];
  /** The classes whose exam the demo member may take, one for each run (an exam is taken once). */
  examClasses: string[];
};

const RATINGS = [
  'courseObjectives',
  'courseUseful',
  'courseAppropriate',
  'courseLogical',
  'instructorCommunication',
  'instructorPreparedness',
  'instructorEffectiveness',
  'sitePresentation',
  'siteNavigation',
  'siteComparison',
];

/**
 * Makes `count` classes ready for the demo member's exam, through the API as the classroom and
 * the evaluation form do: a view of the class, then its evaluation (02 §2).
 */
async function examClasses(base: string, token: string, count: number): Promise<string[]> {
  const list = await getJson<{ data: { hash: string; examTaken: boolean }[] }>(base, '/api/ondemand?page=0');
  const ready: string[] = [];
  for (const { hash } of list.data) {
    if (ready.length === count) break;
    const query = `s=${encodeURIComponent(token)}&c=${hash}`;
    // A class without its recording yet cannot be viewed: the next one.
    const view = await fetch(`${base}/api/class-view?${query}`);
    await view.arrayBuffer();
    if (!view.ok) continue;
    const a = Object.fromEntries([...RATINGS.map((r) => [r, 4]), ['comments', ''], ['otherTopics', '']]);
    await postJson(base, '/api/save-eval', { s: token, c: hash, a });
    const exam = await fetch(`${base}/api/exam?${query}&tzOffsetMin=0`);
    await exam.arrayBuffer();
    if (exam.ok) ready.push(hash);
  }
  if (ready.length < count)
    throw new Error(`only ${ready.length} of ${count} demo classes have an exam to take`);
  return ready;
}

/**
 * A live room the demo member has a seat in that stays the same while the benchmark runs: the
 * room of a webinar starting in an hour or more, before its countdown's alarm. (The demo
 * member's own seat is on a webinar that starts minutes after the seed, and goes live mid-run.)
 */
async function liveRoomOf(base: string, token: string): Promise<string> {
  const upcoming = await getJson<{ data: { hash: string; releaseDateUTC: string }[] }>(
    base,
    '/api/upcoming?page=0',
  );
  const later = upcoming.data.find((row) => Date.parse(row.releaseDateUTC) > Date.now() + 60 * 60_000);
  if (!later) throw new Error('the demo content has no webinar an hour or more away');
  await getJson(base, `/api/reserve-seat?s=${encodeURIComponent(token)}&c=${later.hash}`);
  return later.hash;
}

export async function discoverSite(base: string, runs: number): Promise<TWebSite> {
  const member = await storedSession(base, DEMO_MEMBER);
  const staff = await storedSession(base, DEMO_STAFF);
  const token = member.storage.id_token!;
  const onDemand = await getJson<{ data: { hash: string }[] }>(base, '/api/ondemand?page=0');
  const classroom = onDemand.data[0]?.hash;
  if (!classroom) throw new Error('the demo content has no on-demand class');
  const liveRoom = await liveRoomOf(base, token);
  const exams = await examClasses(base, token, runs);
  const visitor = (route: string): TWebPage => ({ route, who: 'visitor' });
  const signedIn = (route: string): TWebPage => ({ route, who: 'member' });
  return {
    base,
    member,
    staff,
    examClasses: exams,
    pages: [
      visitor('/home'),
      visitor('/ondemand'),
      visitor(`/classroom/${classroom}`),
      visitor('/podcasts'),
      visitor('/login'),
      visitor('/webinars'),
      signedIn('/seats'),
      signedIn('/completed'),
      signedIn('/pending'),
      signedIn('/account'),
      signedIn(`/live/${liveRoom}`),
      // The exam's page, measured on the class the last run answers.
      signedIn(`/exam/${exams.at(-1)}`),
      { route: '/admin', who: 'staff' },
    ],
  };
}

export function sessionOf(site: TWebSite, who: TWho): TStoredSession | null {
  return who === 'visitor' ? null : who === 'member' ? site.member : site.staff;
}

async function click(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector, { visible: true });
  await page.click(selector);
}

/** The interactions of the issue, on the run's own exam class. */
export function interactions(site: TWebSite, run: number): TInteraction[] {
  const exam = site.examClasses[run % site.examClasses.length]!;
  return [
    {
      name: 'open the menu (/home)',
      url: `${site.base}/home`,
      session: null,
      act: async (page) => {
        await click(page, '.menu-button');
        await page.waitForSelector('#site-nav.is-open');
      },
    },
    {
      name: 'open a class from a list (/ondemand)',
      url: `${site.base}/ondemand`,
      session: null,
      // The cookie notice lies over the bottom of a phone's first screen, where the first row's
      // title sits; a member scrolls the row up before tapping it (a tap there hits the notice).
      prepare: async (page) => {
        await page.waitForSelector('.list-row-title a', { visible: true });
        await page.$eval('.list-row-title a', (link) => link.scrollIntoView({ block: 'center' }));
      },
      act: async (page) => {
        await click(page, '.list-row-title a');
        await page.waitForFunction(() => location.pathname.startsWith('/on-demand-dental-ce-course/'));
        await page.waitForSelector('main h1');
      },
    },
    {
      name: 'switch the CE Completed tabs (/completed)',
      url: `${site.base}/completed`,
      session: site.member,
      prepare: async (page) => {
        await page.waitForSelector('[role="tab"]');
      },
      act: async (page) => {
        await click(page, '[role="tab"][aria-selected="false"]');
        await page.waitForFunction(
          () =>
            document.querySelectorAll('[role="tab"][aria-selected="true"]')[0] !==
            document.querySelector('[role="tab"]'),
        );
      },
    },
    {
      name: 'answer and submit an exam (/exam)',
      url: `${site.base}/exam/${exam}`,
      session: site.member,
      prepare: async (page) => {
        await page.waitForSelector('input[type="radio"]');
      },
      act: async (page) => {
        const questions = await page.$$eval('fieldset.exam-question', (sets) => sets.length);
        for (let i = 0; i < questions; i += 1) {
          // Each question's first option, a tap on its label as a finger would.
          await page.click(`label.exam-option:has(input[name="question-${i}"])`);
        }
        await click(page, 'button[type="submit"]');
        // The grade: a pass's banner, a refusal's alert, or the failed attempt's card (issue 35).
        await page.waitForSelector('[role="status"], [role="alert"], .exam-failed');
      },
    },
  ];
}
