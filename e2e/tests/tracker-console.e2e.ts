import type { BrowserContext, Page, ViewportSize } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, shotPath, test } from '../fixtures/browser.ts';

/*
 * The CE tracker in the staff console (issue 23) at 360 and 1280 px: staff finds a state's rule,
 * edits its total hours and sources, saves it as verified today, and the list no longer flags it.
 */

const SHOTS = process.env.TRACKER_SHOTS_DIR;

/** The state whose rule each width edits, so the two never meet. */
const STATE = { phone: 'WY', desktop: 'MT' };

test.describe('CE requirement rules in the console', AT_BOTH_WIDTHS, () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let name: 'phone' | 'desktop';
  let viewport: ViewportSize;
  let state: string;
  test.beforeAll(async ({ newContext, signInAs, display }) => {
    ({ name, viewport } = display);
    state = STATE[name];
    context = await newContext();
    page = await context.newPage();
    await signInAs(page, 'demo.staff', 'staff-pass-1');
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('edits a rule’s hours and sources and saves it as verified', async ({ expectAccessible }) => {
    const shot = (step: string) =>
      page.screenshot({
        path: shotPath(SHOTS, `console-${name}-${viewport.width}-${step}.png`),
        fullPage: true,
      });
    await page.goto('/admin/tracker-rules');
    await page.getByRole('heading', { level: 1, name: 'CE requirement rules' }).waitFor();
    await page.getByLabel('State (two letters)').fill(state);
    await page.getByLabel('License type').selectOption('dentist');
    const link = page.getByRole('link', { name: `${state} · Dentist` });
    await link.waitFor();
    const row = page.getByRole('row').filter({ has: link });
    await expect.poll(() => row.textContent()).toContain('to verify');
    await expectAccessible(page);
    await shot('1-rules');

    await link.click();
    const form = page.getByRole('form', { name: `CE rule ${state} · Dentist` });
    await form.waitFor();
    await form.getByLabel('Total hours per cycle').fill('41');
    const sources = form.getByLabel('Source addresses, one per line, best first');
    const before = await sources.inputValue();
    await sources.fill(`https://board.example.org/${state.toLowerCase()}/ce-rules\n${before}`);
    await form.getByRole('button', { name: 'Add a topic' }).click();
    const added = form.getByRole('group', { name: /^Mandatory topic \d+$/ }).last();
    await added.getByLabel('Topic as the board words it').fill('Human trafficking awareness');
    await added.getByLabel('Counts as').selectOption('human_trafficking');
    await added.getByLabel('Hours (blank: a card or a course, no figure)').fill('1');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save and mark verified' }).click();
    await page.getByText(/^Saved\. Verified on \d{4}-\d{2}-\d{2} by /).waitFor();
    await shot('2-rule-saved');
    expect(await form.getByLabel('Total hours per cycle').inputValue()).toBe('41');
    expect(await sources.inputValue()).toContain(`https://board.example.org/${state.toLowerCase()}/ce-rules`);

    await page.getByRole('link', { name: '‹ CE requirement rules' }).click();
    await page.getByLabel('State (two letters)').fill(state);
    await page.getByLabel('License type').selectOption('dentist');
    const saved = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `${state} · Dentist` }) });
    await expect.poll(() => saved.textContent()).toMatch(/41/);
    expect(await saved.textContent()).not.toContain('to verify');
  });

  test('sets CE topic tags on a class in its edit screen', async ({ expectAccessible }) => {
    await page.goto('/admin/classes');
    await page.getByRole('heading', { level: 1, name: 'Classes' }).waitFor();
    await page.locator('.admin-table a[href^="/admin/classes/"]').first().click();
    const topics = page.getByRole('group', { name: 'CE topics' });
    await topics.waitFor();
    const box = topics.getByRole('checkbox', { name: 'Human trafficking', exact: true });
    const wanted = !(await box.isChecked());
    await box.setChecked(wanted);
    await topics.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(SHOTS, `console-${name}-${viewport.width}-3-class-topics.png`) });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    await page.reload();
    await page.getByRole('group', { name: 'CE topics' }).waitFor();
    expect(
      await page
        .getByRole('group', { name: 'CE topics' })
        .getByRole('checkbox', { name: 'Human trafficking', exact: true })
        .isChecked(),
    ).toBe(wanted);
  });
});
