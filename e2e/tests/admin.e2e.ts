import type { BrowserContext, Page } from '@playwright/test';
import { AT_1280, DESKTOP, expect, PHONE, test } from '../fixtures/browser.ts';

/*
 * The staff console (03 §10) against the demo content: staff signs in, creates a live webinar
 * with capacity 2 and its exam; members see it and one reserves; staff sees the seat; staff
 * edits the terms text block and the terms page shows it. Every console page visited is
 * checked for accessibility.
 */

test.describe.configure({ mode: 'serial' });

let staffContext: BrowserContext;
let staff: Page;

const title = `E2E Live: Rubber Dam Isolation ${Date.now().toString(36)}`;
let classId = '';
let classHash = '';

type TUpcomingRow = { hash: string; className: string };

test.beforeAll(async ({ newContext, signInAs }) => {
  staffContext = await newContext(DESKTOP);
  staff = await staffContext.newPage();
  await signInAs(staff, 'demo.staff', 'staff-pass-1');
});
test.afterAll(async () => {
  await staffContext?.close();
});

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value two days from now, at 10:00 in the browser's zone. */
function inTwoDays(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

const staffToken = () => staff.evaluate(() => localStorage.getItem('id_token') ?? '');

test.describe('the staff console', AT_1280, () => {
  test('opens on the dashboard for staff, and refuses a member', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    await staff.goto('/admin');
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await staff.getByRole('heading', { name: 'Upcoming live classes' }).waitFor();
    await expectAccessible(staff);

    const memberContext = await newContext(PHONE);
    const member = await memberContext.newPage();
    await signInAs(member, 'demo.member', 'demo-pass-1');
    await member.goto('/admin');
    await member.getByRole('heading', { name: 'Staff only' }).waitFor();
    await memberContext.close();
  });

  test('creates a live webinar with capacity 2, refusing it first without a title', async ({
    expectAccessible,
  }) => {
    await staff
      .getByRole('navigation', { name: 'Staff console' })
      .getByRole('link', { name: 'Classes' })
      .click();
    await staff.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await expectAccessible(staff);
    await staff.getByRole('link', { name: 'New class' }).click();
    await staff.getByRole('heading', { level: 1, name: 'New class' }).waitFor();

    await staff.getByLabel('Class type').selectOption({ label: 'Live webinar' });
    await staff.getByLabel('Release date and time').fill(inTwoDays());
    await staff.getByLabel('Capacity (seats)').fill('2');
    await staff.getByLabel('Meeting code').fill('555 123 4567');
    await staff.getByLabel('Credits (CEU)').fill('1');
    await staff.getByLabel('CE type').selectOption({ label: 'Live, Interactive' });
    const categories = staff.getByRole('group', { name: 'Categories' });
    await categories.getByRole('checkbox', { name: 'Endodontics', exact: true }).check();
    await staff.getByRole('button', { name: 'Create class' }).click();

    const titleInput = staff.getByLabel('Title', { exact: true });
    await staff.getByText('Title is required.').waitFor();
    expect(await titleInput.getAttribute('aria-invalid')).toBe('true');
    expect(await titleInput.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(staff);

    await titleInput.fill(title);
    await staff.getByRole('button', { name: 'Create class' }).click();
    await staff.waitForURL(/\/admin\/classes\/[0-9a-f-]{36}$/);
    await staff.getByText('Created.').waitFor();
    classId = staff.url().split('/').pop()!;
    expect(await staff.getByLabel('Capacity (seats)').inputValue()).toBe('2');
    await expect
      .poll(() => categories.getByRole('checkbox', { name: 'Endodontics', exact: true }).isChecked())
      .toBe(true);
    expect(await categories.getByRole('checkbox', { name: 'Implants', exact: true }).isChecked()).toBe(false);
    await expectAccessible(staff);
  });

  test('writes its exam', async ({ expectAccessible }) => {
    await staff.getByRole('link', { name: 'Exam' }).click();
    await staff.getByRole('heading', { level: 1, name: `Exam: ${title}` }).waitFor();
    const first = staff.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Question', { exact: true }).fill('Which clamp suits a molar?');
    await first.getByLabel('Option a', { exact: true }).fill('W8A');
    await first.getByLabel('Option b', { exact: true }).fill('W2');
    await first.getByLabel('Option b is correct').check();
    await staff.getByRole('button', { name: 'Add a question' }).click();
    const second = staff.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Question', { exact: true }).fill('Rubber dam improves isolation.');
    await second.getByLabel('Option a', { exact: true }).fill('True');
    await second.getByLabel('Option b', { exact: true }).fill('False');
    await staff.getByRole('button', { name: 'Save exam' }).click();
    await staff.getByText('Exam saved.').waitFor();
    await expectAccessible(staff);

    const res = await staff.request.get(`/api/admin/classes/${classId}/exam`, {
      headers: { authorization: `Bearer ${await staffToken()}` },
    });
    const { exam } = (await res.json()) as { exam: { questions: { correctOption: number }[] } };
    expect(exam.questions.map((q) => q.correctOption)).toEqual([2, 1]);
  });

  test('shows it to members, one reserves, and staff sees the seat', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    const upcoming = (await (await staff.request.get('/api/upcoming')).json()) as { data: TUpcomingRow[] };
    const row = upcoming.data.find((r) => r.className === title);
    expect(row, 'the new webinar is upcoming').toBeDefined();
    classHash = row!.hash;

    const memberContext = await newContext(PHONE);
    const member = await memberContext.newPage();
    await signInAs(member, 'demo.member', 'demo-pass-1');
    await member.goto('/webinars');
    await member.getByText(title).first().waitFor();
    const s = await member.evaluate(() => localStorage.getItem('id_token') ?? '');
    const seat = await member.request.get(`/api/reserve-seat?${new URLSearchParams({ s, c: classHash })}`);
    expect(((await seat.json()) as { isWaiting: boolean }).isWaiting).toBe(false);
    await memberContext.close();

    await staff.goto(`/admin/classes/${classId}/seats`);
    await staff.getByRole('heading', { level: 1, name: `Seats: ${title}` }).waitFor();
    await staff.getByRole('table', { name: 'Seats and waitlist' }).getByText('(demo.member)').waitFor();
    await staff.getByText('1 of 2 seats taken').waitFor();
    await expectAccessible(staff);
  });

  test('edits the terms text block, and the terms page shows it', async ({
    expectAccessible,
    newContext,
  }) => {
    const note = `Staff note ${Date.now().toString(36)}: sessions are recorded.`;
    await staff.goto('/admin/blurbs');
    await staff.getByLabel('Search text blocks').fill('terms');
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff.getByRole('link', { name: 'terms', exact: true }).click();
    await staff.getByRole('heading', { level: 1, name: 'Text block: terms' }).waitFor();
    await expectAccessible(staff);
    const text = staff.getByLabel('Text', { exact: true });
    const original = await text.inputValue();
    await text.fill(`${original}\n<p>${note}</p>`);
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.getByText('Saved.').waitFor();

    const visitorContext = await newContext(PHONE);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/terms');
    await visitor.getByText(note).waitFor();
    await visitorContext.close();

    // Leave the demo terms as they were for the other journeys.
    await text.fill(original);
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.getByText('Saved.').waitFor();
  });

  for (const path of [
    '/admin/settings',
    '/admin/featured',
    '/admin/blog-posts/new',
    '/admin/ads/new',
    '/admin/members',
    '/admin/outbox',
    '/admin/agd',
    '/admin/audit',
    '/admin/sponsors',
  ]) {
    test(`${path} has no serious accessibility issue, on a phone too`, async ({ expectAccessible }) => {
      await staff.goto(path);
      await staff.getByRole('heading', { level: 1 }).waitFor();
      await staff.locator('.spinner').waitFor({ state: 'detached' });
      await expectAccessible(staff);
      await staff.setViewportSize(PHONE);
      await expectAccessible(staff);
      await staff.setViewportSize(DESKTOP);
    });
  }

  test('records the changes in the audit log', async () => {
    await staff.goto('/admin/audit');
    await staff.getByLabel('Search by entity, action, id or staff username').fill('classes');
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff.getByRole('table', { name: 'Audit log' }).getByText('update-exam').first().waitFor();
  });
});
