import type { BrowserContext, Page } from '@playwright/test';
import { expect, PHONE, test, untilAppTakesOver } from '../fixtures/browser.ts';
import { sentTo } from '../fixtures/mail.ts';

/*
 * Accounts journeys on a 360 px phone: register (with errors, then corrected) → member menu →
 * logout → login → profile → password → login with the new password; recover by mail → reset
 * → login; the CE report and GDPR mails. One member, in order.
 */

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;

const u = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const member = {
  username: `e2e.user${u}`,
  email: `e2e.${u}@example.test`,
  password: 'first-pass1',
  changed: 'second-pass2',
  reset: 'third-pass3',
};

test.beforeAll(async ({ newContext }) => {
  context = await newContext(PHONE);
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
});

const field = (label: string) => page.getByLabel(label, { exact: true });
const textCount = (text: string) => page.getByText(text, { exact: true }).count();

async function expectFitsPhone() {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `page ${page.url()} is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
}

async function logIn(username: string, password: string) {
  await page.goto('/login');
  await untilAppTakesOver(page);
  await field('Username or email').fill(username);
  await field('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logOutThroughMenu() {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to log out?');
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

test.describe('accounts', () => {
  test('registers after correcting the errors, then shows the member menu', async ({ expectAccessible }) => {
    test.setTimeout(120_000);
    await page.goto('/register?rurl=%2Faccount');
    await page.getByRole('heading', { name: 'Create your free account' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Title', { exact: true }).locator('option').count())
      .toBeGreaterThan(1);
    await expectAccessible(page);
    await expectFitsPhone();

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => textCount('Correct errors and resubmit.')).toBe(1);
    expect(await textCount('Username is required.')).toBe(1);
    expect(await textCount('Select position.')).toBe(1);
    expect(await textCount('Required field.')).toBe(1);
    await expectAccessible(page);

    // A username in use is reported as the member types.
    await field('Username').fill('demo.member');
    await expect.poll(() => textCount('This username is not available. Choose another.')).toBe(1);
    await field('Username').fill('abc');
    await field('Password').fill('abcdef');
    await field('Retype password').fill('abcdeg');
    await field('First name').fill('A');
    await field('Zip code').fill('123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => textCount('Username has minimum length.')).toBe(1);
    expect(await textCount('Passwords must match.')).toBe(1);
    expect(await textCount('First name is required and must be at least 2 characters.')).toBe(1);
    expect(await textCount('Zip code is required and must be at least 5 characters.')).toBe(1);

    await field('Username').fill(member.username);
    await field('Password').fill(member.password);
    await field('Retype password').fill(member.password);
    await field('Title').selectOption('Dr.');
    await field('First name').fill('  Erin ');
    await field('Last name').fill('Example');
    await field('Position').selectOption('Dentist');
    await field('Gender').selectOption({ label: 'Other' });
    await field('Age range').selectOption('35-44');
    await field('Graduation year').selectOption('2012');
    await field('Office name').fill('Example Dental');
    await field('Office size').selectOption({ index: 1 });
    await field('Address').fill('12 Elm Street');
    await field('City').fill('Albany');
    await field('State').selectOption('NY');
    await field('Zip code').fill('12207');
    expect(await field('Country').inputValue()).toBe('US');
    await field('Email').fill(member.email);
    await field('Phone').fill('5185550199');
    await field('This is a mobile phone').check();
    await field('How did you hear about us?').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect.poll(() => textCount('Account created.')).toBe(1);
    await page.waitForURL('**/account', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Account' }).count()).toBe(1);
    expect(await nav.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.evaluate(() => localStorage.getItem('student_name'))).toBe('Erin Example');
    expect(await page.evaluate(() => localStorage.getItem('student_email'))).toBe(member.email);
  });

  test('logs out with the confirmation, and in again with the username', async ({ expectAccessible }) => {
    await logOutThroughMenu();
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
    await expectAccessible(page);
    await logIn(member.username, 'wrong-pass');
    await expect.poll(() => textCount('Invalid login - please try again.')).toBe(1);
    await logIn(member.username.toUpperCase(), member.password);
    await page.waitForURL('**/home');
  });

  test('shows the account home, mails the CE report, edits the profile and changes the password', async ({
    expectAccessible,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Your CE credits' }).waitFor();
    await expectAccessible(page);
    await expectFitsPhone();
    await page.getByRole('region', { name: 'AGD reminder' }).waitFor();

    await page.getByRole('button', { name: 'E-mail CE report' }).click();
    await expect.poll(() => textCount('Check email inbox for CE report.')).toBe(1);
    const report = await mailbox.waitFor((m) => sentTo(member.email)(m) && /CE report/.test(m.subject ?? ''));
    expect(report.text).toContain('Total: 0 CE credit hours');

    await page.getByRole('button', { name: 'Hide this reminder' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'AGD reminder' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Save profile' }).waitFor();
    expect(await field('City').inputValue()).toBe('Albany');
    expect(await field('First name').inputValue()).toBe('Erin');
    expect(await field('Title').inputValue()).toBe('Dr.');
    expect(await field('Graduation year').inputValue()).toBe('2012');
    await expectAccessible(page);
    await expectFitsPhone();
    await field('City').fill('Boston');
    await field('Phone').fill('123');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => textCount('Correct errors and resubmit.')).toBe(1);
    expect(await textCount('Phone is required and must be at least 10 digits.')).toBe(1);
    await field('Phone').fill('6175550123');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => textCount('Profile updated.')).toBe(1);
    await page.reload();
    await page.getByRole('button', { name: 'Save profile' }).waitFor();
    expect(await field('City').inputValue()).toBe('Boston');

    // A new e-mail needs the current password, and waits for the link mailed to it (0921).
    const oldEmail = member.email;
    const newEmail = `e2e.moved.${u}@example.test`;
    await field('Email').fill(newEmail);
    const current = page.locator('#profile-currentPassword');
    await current.waitFor();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect
      .poll(() => textCount('Enter your current password to change your e-mail or password.'))
      .toBe(1);
    await current.fill('not-my-pass1');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => textCount('Your current password is not right.')).toBe(1);
    await current.fill(member.password);
    await expectAccessible(page);
    await expectFitsPhone();
    await page.getByRole('button', { name: 'Save profile' }).click();
    const sent = `Profile updated. To change your e-mail, open the link we sent to ${newEmail}.`;
    await expect.poll(() => textCount(sent)).toBe(1);
    const notice = await mailbox.waitFor(
      (m) => sentTo(oldEmail)(m) && /change of your e-mail/.test(m.subject ?? ''),
    );
    expect(notice.text).toContain(newEmail);
    const confirm = await mailbox.waitFor(sentTo(newEmail));
    const link = /\/email\/confirm\/[A-Za-z0-9_-]{43}/.exec(confirm.text ?? '')?.[0];
    expect(link, 'confirmation link').toBeTruthy();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Confirm New E-mail' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
    await expect.poll(() => textCount('Your e-mail address is changed.')).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('student_email'))).toBe(newEmail);
    member.email = newEmail;

    await page.goto('/account?tab=password');
    const currentPassword = page.locator('#change-current-password');
    await currentPassword.waitFor();
    await field('New password').fill(member.changed);
    await field('Retype new password').fill(member.changed);
    // The show-password toggle shows what was typed, and hides it again.
    const toggle = page.locator('#change-password').locator('xpath=..').getByRole('button');
    await toggle.click();
    expect(await field('New password').getAttribute('type')).toBe('text');
    await toggle.click();
    expect(await field('New password').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => textCount('Enter your current password to change your e-mail or password.'))
      .toBe(1);
    await currentPassword.fill('not-my-pass1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => textCount('Your current password is not right.')).toBe(1);
    await currentPassword.fill(member.password);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => textCount('Account password updated.')).toBe(1);
  });

  test('logs in with the new password only', async () => {
    await logOutThroughMenu();
    await logIn(member.username, member.password);
    await expect.poll(() => textCount('Invalid login - please try again.')).toBe(1);
    await logIn(member.email, member.changed);
    await page.waitForURL('**/home');
  });

  test('recovers the account through the mailed reset link', async ({ expectAccessible, mailbox }) => {
    test.setTimeout(90_000);
    // Recover logs the signed-in member out first.
    await page.goto('/recover');
    await field('Username').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => textCount('Provide either username or account email address.')).toBe(1);
    await field('Username').fill(member.username);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => textCount('Check inbox for your login credentials.')).toBe(1);
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBeGreaterThan(0);

    const mail = await mailbox.waitFor(
      (m) => sentTo(member.email)(m) && /reset your password/.test(m.subject ?? ''),
    );
    const link = /https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    await page.goto(new URL(link).pathname);
    await field('New password').waitFor();
    await expectAccessible(page);
    await field('New password').fill(member.reset);
    await field('Retype new password').fill(member.reset);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => textCount('Password updated.  Click Login button to access your account.'))
      .toBe(1);
    await page.locator('main').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await field('Username or email').fill(member.username);
    await field('Password').fill(member.reset);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/home');
  });

  test('removes consent: checkbox, mailed confirmation, erasure', async ({ expectAccessible, mailbox }) => {
    test.setTimeout(90_000);
    await page.goto('/gdpr');
    await page.getByRole('button', { name: 'Submit Request' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect
      .poll(() => textCount('Check the checkbox before clicking the Submit Request button.'))
      .toBe(1);
    await page.getByLabel('I want to remove my consent', { exact: false }).check();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect
      .poll(() => textCount('Check your email for instructions on completing this operation.'))
      .toBe(1);

    const mail = await mailbox.waitFor(
      (m) => sentTo(member.email)(m) && /removal of your personal data/.test(m.subject ?? ''),
    );
    const link = /https?:\/\/\S+\/gdpr\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    await page.goto(new URL(link).pathname);
    await page.getByRole('button', { name: 'Erase my personal data' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Erase my personal data' }).click();
    await expect
      .poll(() => textCount('Your personal data has been erased and you have been logged out.'))
      .toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();

    await logIn(member.username, member.reset);
    await expect.poll(() => textCount('Invalid login - please try again.')).toBe(1);
  });
});
