import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { AT_1280, DESKTOP, expect, PHONE, test, type TNewContext } from '../fixtures/browser.ts';

/*
 * The staff console's in-person events (issue 25) and search synonyms (issue 27) screens: staff
 * create an event, see its code and poster, a member claims it, staff see the claim and export
 * it; staff add a synonym, a search finds through it, and staff delete it.
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

/** A datetime-local value (the browser's zone) some hours from now. */
function localInput(hoursFromNow: number): string {
  const d = new Date(Date.now() + hoursFromNow * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test.describe('in-person events in the console', AT_1280, () => {
  test('staff create an event, see its code and poster; a member claims it; staff see and export the claim', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    const staff = await open(newContext, DESKTOP);
    await signInAs(staff, 'demo.staff', 'staff-pass-1');
    await staff.goto('/admin/events');
    await staff.getByRole('heading', { name: 'In-person events', level: 1 }).waitFor();
    await staff.getByRole('link', { name: 'Study Club: Periodontal Maintenance in Practice' }).waitFor();
    await expectAccessible(staff);

    await staff.getByRole('link', { name: 'New event' }).click();
    await staff.getByRole('heading', { name: 'New in-person event' }).waitFor();
    // The schema's messages, before anything is sent.
    await staff.getByRole('button', { name: 'Create event' }).click();
    await staff.getByText('Title is required.').waitFor();
    expect(await staff.evaluate(() => document.activeElement?.id)).toBe('f-title');

    const title = `Trade Show Course: Implant Maintenance ${Date.now().toString(36)}`;
    await staff.getByLabel('Title').fill(title);
    await staff.getByLabel('Date and start time').fill(localInput(-1));
    await staff.getByLabel('Length in minutes').fill('90');
    await staff.getByLabel('Place').fill('Convention Center, Hall C, Boston');
    await staff.getByLabel('Credits').fill('1.5');
    await staff.getByLabel('AGD subject code').fill('690');
    await staff.getByLabel('Course number').fill('TS-2026-07');
    await staff.getByRole('checkbox', { name: 'AGD 690 Implants' }).check();
    // Claims open at the start and close the days after it set in Settings (issue 35).
    expect(await staff.getByLabel('Claims open').count()).toBe(0);
    await staff.getByLabel('Capacity').fill('50');
    await staff.getByRole('button', { name: 'Create event' }).click();

    await staff.getByRole('heading', { name: 'Claim code' }).waitFor();
    const code = ((await staff.locator('.event-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    await staff.getByText('0 / 50').waitFor();
    await staff.getByText('No claims yet.').waitFor();
    expect(await staff.getByRole('checkbox', { name: 'AGD 690 Implants' }).isChecked()).toBe(true);
    await expectAccessible(staff);

    const [poster] = await Promise.all([
      staff.context().waitForEvent('page'),
      staff.getByRole('button', { name: 'Print poster' }).click(),
    ]);
    await poster.waitForFunction((c) => document.body?.textContent?.includes(c), code);
    expect(await poster.locator('svg').count()).toBe(1);
    await poster.close();

    // A member at the event claims it on a phone.
    const member = await open(newContext, PHONE);
    await signInAs(member, 'demo.member', 'demo-pass-1');
    await member.goto(`/claim/${code}`);
    await member.getByRole('heading', { name: title }).waitFor();
    await member.getByText('AGD 690 Implants').waitFor();
    await member.getByLabel('I attended this event in person.').check();
    for (const rating of await member.locator('fieldset.rating').all())
      await rating.getByLabel('Good').check();
    await member.getByRole('button', { name: 'Claim CE' }).click();
    await member.getByText('Your CE is claimed').waitFor();

    // Staff edit the event and see the claim.
    await staff.reload();
    await staff.getByText('1 / 50').waitFor();
    const claims = staff.getByRole('table', { name: 'Claims' });
    await claims.getByText('member@demo.opence.test').waitFor();
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Name,E-mail,AGD number,Claimed at,Certificate number');
    expect(csv).toContain('member@demo.opence.test');

    await staff.getByLabel('Title').fill(`${title} (edited)`);
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.getByText('Saved.').waitFor();
    await staff.getByRole('heading', { name: `Event: ${title} (edited)` }).waitFor();
    expect(((await staff.locator('.event-code').textContent()) ?? '').trim()).toBe(code);
  });
});

test.describe('search synonyms in the console', () => {
  test('staff add a synonym, a search finds through it, and staff delete it', async ({
    expectAccessible,
    newContext,
    signInAs,
  }) => {
    const staff = await open(newContext, PHONE);
    await signInAs(staff, 'demo.staff', 'staff-pass-1');
    await staff.goto('/admin/search-synonyms');
    await staff.getByRole('heading', { name: 'Search synonyms', level: 1 }).waitFor();

    await staff.getByLabel('Word members type').fill('x');
    await staff.getByRole('button', { name: 'Add synonym' }).click();
    await staff.getByText('The word members type: at least 2 characters.').waitFor();
    await staff.getByText('Enter at least one word or phrase it also finds.').waitFor();

    await staff.getByLabel('Word members type').fill('xylophonics');
    await staff.getByLabel('Words and phrases it also finds').fill('irrigation, canal rinse');
    await staff.getByRole('button', { name: 'Add synonym' }).click();
    await staff.getByText('Saved: “xylophonics”.').waitFor();
    const table = staff.getByRole('table', { name: 'Search synonyms' });
    await table.getByText('irrigation, canal rinse').waitFor();
    await expectAccessible(staff);

    const search = await open(newContext, PHONE);
    await search.goto('/search?q=xylophonics');
    await search
      .getByRole('heading', { name: 'Irrigation Protocols That Improve Endodontic Outcomes' })
      .first()
      .waitFor();

    // An edit that renames the word keeps one entry, under the new word.
    await table.getByRole('button', { name: 'Edit xylophonics' }).click();
    await staff.getByRole('group', { name: 'Edit “xylophonics”' }).waitFor();
    expect(await staff.evaluate(() => document.activeElement?.id)).toBe('f-term');
    await staff.getByLabel('Word members type').fill('xylophonic');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.getByRole('rowheader', { name: 'xylophonic', exact: true }).waitFor();
    await staff.getByRole('rowheader', { name: 'xylophonics', exact: true }).waitFor({ state: 'detached' });

    await table.getByRole('button', { name: 'Delete xylophonic' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await staff.getByRole('rowheader', { name: 'xylophonic', exact: true }).waitFor({ state: 'detached' });
  });
});
