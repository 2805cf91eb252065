import type { BrowserContext, Page } from '@playwright/test';
import { Texts } from '@opence/shared';
import {
  AT_1280,
  onBothEngines,
  DESKTOP,
  expect,
  PHONE,
  test,
  type TNewContext,
} from '../fixtures/browser.ts';

/*
 * Webinar evidence (issue 42): staff prepare a poll for the demo member's webinar (the one that
 * starts minutes after the demo is seeded, with a credit rule) and open it from "Run the
 * webinar" at 1280 px; the member, in the live room on a 360 px phone, sees it within a few
 * seconds, answers once and sees the answer recorded; staff see it counted.
 */

const contexts: BrowserContext[] = [];
test.afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function open(newContext: TNewContext, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(viewport);
  contexts.push(context);
  return context.newPage();
}

const WEBINAR = 'Same-Day Provisionals on Single Implants';
const PAST_WEBINAR = 'Rubber Dam Isolation Made Routine: A Live Case Review';

test.describe('polls in the live room', onBothEngines(AT_1280), () => {
  test('staff prepare and open a poll; the member answers it on a phone; staff see it counted', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    const member = await open(newContext, PHONE);
    await signInAs(member, 'demo.member', 'demo-pass-1');
    const s = await member.evaluate(() => localStorage.getItem('id_token') ?? '');
    const seats = (await (await member.request.get(`/api/seats?s=${s}`)).json()) as {
      data: { hash: string; className: string }[];
    };
    const webinar = seats.data.find((row) => row.className === WEBINAR);
    expect(webinar, 'the demo member holds a seat on the webinar with polls').toBeDefined();

    const staff = await open(newContext, DESKTOP);
    await signInAs(staff, 'demo.staff', 'staff-pass-1');
    await staff.goto(`/admin/classes/${webinar!.hash}/polls`);
    await staff.getByRole('heading', { name: `${Texts.POLLS_TITLE}: ${WEBINAR}`, level: 1 }).waitFor();
    await staff
      .getByText('Live credit for at least 45 minutes present and 2 polls answered')
      .first()
      .waitFor();
    await expectAccessible(staff);

    const question = `Which matrix system do you use? (${Date.now()})`;
    const add = staff.getByRole('form', { name: Texts.POLL_ADD });
    await add.getByLabel(Texts.POLL_QUESTION).fill(question);
    await add.getByLabel(Texts.POLL_CHOICES).fill('Sectional\nCircumferential\nNone');
    await add.getByRole('button', { name: Texts.POLL_ADD }).click();
    await staff.getByRole('heading', { name: question, level: 3 }).waitFor();
    await staff.screenshot({ path: test.info().outputPath('polls-1280.png'), fullPage: true });

    await staff.getByRole('link', { name: Texts.RUN_WEBINAR_TITLE }).click();
    await staff.getByRole('heading', { name: `${Texts.RUN_WEBINAR_TITLE}: ${WEBINAR}`, level: 1 }).waitFor();
    const card = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: question }) });
    await card.getByRole('button', { name: Texts.POLL_OPEN }).click();
    await card.getByRole('button', { name: Texts.POLL_CLOSE }).waitFor();
    await expectAccessible(staff);

    await member.goto(`/live/${webinar!.hash}`);
    const poll = member.getByRole('region', { name: `${Texts.POLL_HEADING}: ${question}` });
    await poll.waitFor({ timeout: 15_000 });
    await poll.getByLabel('Sectional').check();
    await poll.getByRole('button', { name: Texts.POLL_SUBMIT }).click();
    await poll.getByText(Texts.POLL_RECORDED).waitFor();
    await expectAccessible(member);
    await member.screenshot({ path: test.info().outputPath('live-poll-360.png'), fullPage: true });
    // Answered once: after a reload the room still shows the recorded answer, not the form.
    await member.reload();
    await poll.getByText(Texts.POLL_RECORDED).waitFor({ timeout: 15_000 });
    await expect(poll.getByRole('button', { name: Texts.POLL_SUBMIT })).toHaveCount(0);

    await card.getByText('Sectional: 1').waitFor({ timeout: 10_000 });
    await card.getByRole('button', { name: Texts.POLL_CLOSE }).click();
    await card.getByText(/^Closed/).waitFor();
    await staff.screenshot({ path: test.info().outputPath('run-1280.png'), fullPage: true });
  });
});

test.describe('the demo’s past webinar on the verify page', onBothEngines(), () => {
  test('the demo member’s live webinar credit shows its evidence at 360 px', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    const page = await open(newContext, PHONE);
    await signInAs(page, 'demo.member', 'demo-pass-1');
    const s = await page.evaluate(() => localStorage.getItem('id_token') ?? '');
    const completed = (await (await page.request.get(`/api/completed-webinars?s=${s}`)).json()) as {
      data: { className: string; certUrl: string }[];
    };
    const credit = completed.data.find((row) => row.className === PAST_WEBINAR);
    expect(credit, 'the demo member completed the past webinar').toBeDefined();
    const number = decodeURIComponent(
      credit!.certUrl
        .split('/')
        .pop()!
        .replace(/\.pdf$/, ''),
    );

    await page.goto(`/verify/${number}`);
    const evidence = page.getByRole('region', { name: Texts.EVIDENCE_TITLE });
    await evidence.waitFor();
    await expect(evidence).toContainText(`${Texts.DECISION_LIVE}. Rule met: present 58 minutes`);
    await expect(evidence).toContainText('When do you place a rubber dam?');
    await expect(evidence).toContainText(`${Texts.EVIDENCE_POLLS}: 2 of 2 answered`);
    await expectAccessible(page);
    await page.screenshot({
      path: test.info().outputPath('verify-webinar-evidence-360.png'),
      fullPage: true,
    });
  });
});
