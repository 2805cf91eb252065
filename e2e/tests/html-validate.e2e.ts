import { HtmlValidate } from 'html-validate';
import { expect, test } from '../fixtures/browser.ts';

/*
 * Issue 37 row 13: every server-rendered page held duplicate ids (site-nav, more-menu, main) and
 * two <main> elements until the scripts ran (html-validate: 4 errors per page). The pages as the
 * built server sends them, to a visitor and to a member, are checked by html-validate's standard
 * rules (docs/decisions/0934).
 */

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** A visitor's pages: the rendered routes (0812) and pages that start with the frame alone. */
const VISITOR_PAGES = [
  '/',
  '/home',
  '/ondemand',
  '/podcasts',
  '/login',
  '/webinars',
  '/blog',
  '/terms',
  '/support',
];
/** A member's rendered screens (0833). */
const MEMBER_PAGES = ['/account', '/seats', '/pending', '/completed', '/queue'];

async function problems(baseURL: string, path: string, cookie?: string): Promise<string[]> {
  const res = await fetch(`${baseURL}${path}`, cookie ? { headers: { cookie } } : {});
  expect(res.status, path).toBe(200);
  const report = await validator.validateString(await res.text(), path);
  return report.results.flatMap((r) => r.messages.map((m) => `${path}: ${m.ruleId}: ${m.message}`));
}

async function firstClassroom(baseURL: string): Promise<string> {
  const list = (await (await fetch(`${baseURL}/api/ondemand`)).json()) as { data: { hash: string }[] };
  return `/classroom/${list.data[0]!.hash}`;
}

async function memberCookie(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ u: 'demo.member', p: 'demo-pass-1' }),
  });
  const { token } = (await res.json()) as { token: string };
  return `opence_session=${token}`;
}

test.describe('server-rendered pages are valid HTML', () => {
  test('a visitor’s pages: no duplicate id, one <main>, no other error', async ({ baseURL }) => {
    const found: string[] = [];
    for (const path of [...VISITOR_PAGES, await firstClassroom(baseURL!)])
      found.push(...(await problems(baseURL!, path)));
    expect(found).toEqual([]);
  });

  test('a member’s pages, drawn by the server for their session', async ({ baseURL }) => {
    const cookie = await memberCookie(baseURL!);
    const found: string[] = [];
    for (const path of MEMBER_PAGES) {
      const res = await fetch(`${baseURL}${path}`, { headers: { cookie } });
      // The member's screen was drawn (not only the frame), so both screens are in the page.
      expect(await res.text(), path).toContain('data-session-screen data-rendered');
      found.push(...(await problems(baseURL!, path, cookie)));
    }
    expect(found).toEqual([]);
  });
});
