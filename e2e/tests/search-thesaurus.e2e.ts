import { AT_BOTH_WIDTHS, expect, shotPath, test } from '../fixtures/browser.ts';

/*
 * Search that understands the field (issue 41) at 360 and 1280 px, on the demo content: a lay
 * word ('root canal') and an abbreviation ('cbct', beside a word found nowhere) find their
 * classes first, the page names the word it did not find, and a search that finds nothing
 * offers the nearest topics and the catalogue. SEARCH_SHOTS_DIR keeps the screenshots.
 */

const SHOTS = process.env.SEARCH_SHOTS_DIR;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie_accepted', new Date().toISOString()));
});

test.describe('search with the dental thesaurus', AT_BOTH_WIDTHS, () => {
  test('ranks lay words and abbreviations, names the words not found, suggests topics', async ({
    page,
    display,
    expectAccessible,
  }) => {
    const shot = (step: string) =>
      page.screenshot({
        path: shotPath(SHOTS, `search-${display.viewport.width}-${step}.png`),
        fullPage: true,
      });
    const onDemand = page.getByRole('region', { name: 'On-Demand CE Webinars' });
    const firstClass = onDemand.getByRole('heading', { level: 3 }).first();

    // A lay word: no demo class says 'root canal'; the endodontic one comes first.
    await page.goto('/search?q=root%20canal');
    await expect
      .poll(() => firstClass.textContent())
      .toBe('Irrigation Protocols That Improve Endodontic Outcomes');
    await expect(page.getByText(/^No results for/)).toHaveCount(0);
    await expectAccessible(page);
    await shot('1-lay-word');

    // An abbreviation beside a word found nowhere: ranked results, the missing word named.
    await page.goto('/search?q=cbct%20zirconia');
    await expect.poll(() => firstClass.textContent()).toBe('Implant Treatment Planning with CBCT');
    await expect(page.getByRole('status').filter({ hasText: 'No results for' })).toHaveText(
      'No results for ‘zirconia’ — showing matches for ‘cbct’.',
    );
    await expectAccessible(page);
    await shot('2-abbreviation-not-found');

    // Nothing found: the spec's text, the nearest topic, and the catalogue.
    await page.goto('/search?q=orthodontology%20xyzzy');
    await page.getByText('No results found for this search.').waitFor();
    const topics = page.getByRole('navigation', { name: 'Try one of these topics' });
    await expect(topics.getByRole('link')).toHaveText(['Orthodontics', 'Browse the on-demand catalogue']);
    await expectAccessible(page);
    await shot('3-suggested-topics');
    await topics.getByRole('link', { name: 'Orthodontics' }).click();
    await page.waitForURL(/\/search\?cid=/);
    await onDemand
      .getByRole('heading', { level: 3, name: /Orthodontic/ })
      .first()
      .waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Browse the on-demand catalogue' }).click();
    await page.waitForURL('**/ondemand');
  });
});

test.describe('the thesaurus in the console', AT_BOTH_WIDTHS, () => {
  test('lists shipped entries with their sources and overrides one', async ({
    newContext,
    signInAs,
    display,
    expectAccessible,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, 'demo.staff', 'staff-pass-1');
    // Each width overrides its own term, so the two never meet.
    const term = display.name === 'phone' ? 'xerostomia' : 'hyposalivation';
    await page.goto('/admin/search-synonyms');
    await page.getByRole('heading', { level: 1, name: 'Search synonyms' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Override ${term}` }) });
    await expect(row).toContainText('Shipped');
    await expect(row).toContainText('MeSH heading');
    await expectAccessible(page);
    await page.screenshot({
      path: shotPath(SHOTS, `console-synonyms-${display.viewport.width}-1-shipped.png`),
    });

    await row.getByRole('button', { name: `Override ${term}` }).click();
    await page.getByRole('group', { name: `Override “${term}”` }).waitFor();
    await page.getByLabel('Words and phrases it also finds').fill('dry mouth, saliva');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const saved = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${term}` }) });
    await expect(saved).toContainText('Staff, replacing shipped');
    await expect(saved).toContainText('dry mouth, saliva');
    await expect(saved.getByRole('button', { name: `Delete ${term}` })).toBeVisible();
    await page.screenshot({
      path: shotPath(SHOTS, `console-synonyms-${display.viewport.width}-2-override.png`),
      fullPage: false,
    });
    await context.close();
  });
});
