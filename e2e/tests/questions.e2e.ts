import path from 'node:path';
import type { Page } from '@playwright/test';
import { DESKTOP, expect, onBothEngines, PHONE, test, untilAppTakesOver } from '../fixtures/browser.ts';

/*
 * Questions to a webinar's presenter (issue 42): on a phone (360 px) a visitor types a question on
 * the webinar's page, signs in as the demo member (the text is kept), sends it and votes for
 * another member's; staff (1280 px) see the questions by votes in the console and mark the
 * member's answered with a written answer; the member sees it answered; the live room takes one
 * and gives it back. QUESTIONS_SHOTS_DIR keeps screenshots.
 */

const WEBINAR = 'Caries Risk Assessment for Young Children';
const DIARY = 'How do you get parents to keep a diet diary for a whole week?';
const QUESTIONS_EMPTY = 'No questions yet. Be the first to ask.';
const MINE = `Do you use xylitol wipes for infants? (${Date.now().toString(36)})`;

async function shot(page: Page, name: string) {
  const dir = process.env.QUESTIONS_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const questionItem = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test(
  'a member asks in advance on a phone and votes; staff answer it by votes; the member sees it answered',
  onBothEngines(),
  async ({ newContext, expectAccessible, signInAs }) => {
    test.setTimeout(180_000);
    const phoneContext = await newContext(PHONE);
    const phone = await phoneContext.newPage();
    const upcoming = (await (await phone.request.get('/api/upcoming')).json()) as {
      data: { hash: string; className: string }[];
    };
    const hash = upcoming.data.find((row) => row.className === WEBINAR)!.hash;

    // A visitor types, is asked to sign in, and finds the text again afterwards.
    await phone.goto(`/reserve/${hash}`);
    await untilAppTakesOver(phone);
    await phone.getByRole('heading', { name: 'Submit your question in advance' }).waitFor();
    await phone.getByLabel('Your question', { exact: true }).fill(MINE);
    await phone.getByRole('button', { name: 'Sign in to ask a question' }).click();
    await phone.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('rurl') === `/reserve/${hash}`,
    );
    await phone.getByLabel('Username or email', { exact: true }).fill('demo.member');
    await phone.getByLabel('Password', { exact: true }).fill('demo-pass-1');
    await phone.getByRole('button', { name: 'Login', exact: true }).click();
    await phone.waitForURL(`**/reserve/${hash}`);
    await expect(phone.getByLabel('Your question', { exact: true })).toHaveValue(MINE);

    // The demo's questions, without names, most votes first; one already answered.
    const list = phone.getByRole('list', { name: 'Questions from members' });
    await list.getByText(DIARY, { exact: true }).waitFor();
    await expect(questionItem(phone, 'fluoride varnish')).toContainText(
      'Every three months for high-risk children',
    );
    await expect(list).not.toContainText('Rivera');

    // Empty, then too long: the schema's message, linked to the field, nothing sent.
    await phone.getByLabel('Your question', { exact: true }).fill('x'.repeat(501));
    await phone.getByRole('button', { name: 'Send question' }).click();
    await phone.getByText('A question can be at most 500 characters.').waitFor();
    await expect(phone.getByLabel('Your question', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await phone.getByLabel('Your question', { exact: true }).fill(MINE);
    await phone.getByRole('button', { name: 'Send question' }).click();
    await phone.getByText('Your question was sent.').waitFor();
    await expect(questionItem(phone, MINE)).toContainText('Your question');
    await expect(phone.getByLabel('Your question', { exact: true })).toHaveValue('');

    // One vote for the diary question; the button then says it was counted.
    const diary = questionItem(phone, DIARY);
    await expect(diary).toContainText('0 votes');
    await diary.getByRole('button', { name: /^Vote/ }).click();
    await expect(diary.getByRole('button', { name: /^Voted/ })).toBeDisabled();
    await expect(diary).toContainText('1 vote');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(phone);
    await shot(phone, 'questions-member-360');
    await phone.locator('.questions-panel').screenshot({
      path: path.join(process.env.QUESTIONS_SHOTS_DIR ?? test.info().outputDir, 'questions-panel-360.png'),
    });

    // Staff at 1280 px: the webinar's questions by votes, the member's marked answered.
    const deskContext = await newContext(DESKTOP);
    const desk = await deskContext.newPage();
    await signInAs(desk, 'demo.staff', 'staff-pass-1');
    await desk.goto('/admin/classes');
    await desk.getByLabel('Search classes').fill(WEBINAR);
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('link', { name: WEBINAR }).click();
    await desk.getByRole('link', { name: 'Questions from members' }).click();
    await desk.getByRole('heading', { level: 1, name: `Questions: ${WEBINAR}` }).waitFor();
    const texts = desk.locator('.admin-question-text');
    await expect(texts).toHaveText([/children under two/, DIARY, MINE]);
    await expect(desk.locator('.admin-question-votes')).toHaveText(['3votes', '1vote', '0votes']);
    await expect(desk.getByRole('tab', { name: 'Open (3)' })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(desk);
    await shot(desk, 'questions-console-1280');

    const row = desk.getByRole('listitem').filter({ hasText: MINE });
    await row
      .getByLabel('Written answer (optional)')
      .fill('Yes, from the first tooth; the webinar shows how.');
    await row.getByRole('button', { name: 'Mark answered' }).click();
    await expect(desk.getByRole('tab', { name: 'Answered (2)' })).toBeVisible();
    await expect(texts).toHaveText([/children under two/, DIARY]);
    await desk.getByRole('tab', { name: 'Answered (2)' }).click();
    await expect(desk.getByRole('tabpanel').locator('.admin-question-text')).toHaveText([
      /fluoride varnish/,
      MINE,
    ]);
    await shot(desk, 'questions-console-answered-1280');
    await deskContext.close();

    // The member sees theirs answered, with the written answer; it can no longer be withdrawn.
    await phone.reload();
    const mine = questionItem(phone, MINE);
    await expect(mine).toContainText('Answered');
    await expect(mine).toContainText('Yes, from the first tooth; the webinar shows how.');
    await expect(mine.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
    await shot(phone, 'questions-member-answered-360');
    await phoneContext.close();
  },
);

test(
  'a member asks from the live room',
  onBothEngines(),
  async ({ newContext, expectAccessible, signInAs }) => {
    const context = await newContext(PHONE);
    const page = await context.newPage();
    await signInAs(page, 'demo.member', 'demo-pass-1');
    const upcoming = (await (await page.request.get('/api/upcoming')).json()) as {
      data: { hash: string; className: string }[];
    };
    const hash = upcoming.data.find(
      (row) => row.className === 'Same-Day Provisionals on Single Implants',
    )!.hash;
    await page.goto(`/live/${hash}`);
    await untilAppTakesOver(page);
    // Minutes before the start it asks in advance; once started, it asks the presenter.
    await page.getByRole('heading', { name: /Submit your question in advance|Ask the presenter/ }).waitFor();
    const text = `Which impression material for the provisional? (${Date.now().toString(36)})`;
    await page.getByLabel('Your question', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send question' }).click();
    await expect(questionItem(page, text)).toContainText('Your question');
    await questionItem(page, text)
      .getByRole('button', { name: /Withdraw/ })
      .click();
    await expect(questionItem(page, text)).toHaveCount(0);
    await page.getByText(QUESTIONS_EMPTY).waitFor();
    await expectAccessible(page);
    await shot(page, 'questions-live-room-360');
    await context.close();
  },
);
