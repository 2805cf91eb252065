import { COOKIE_ACCEPTED_ATTRIBUTE, SESSION_ATTRIBUTE, StorageKey } from '@opence/shared';
import { fireEvent } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The page's head script (docs/decisions 0812, 0830, 0831, 0842) on a returning member's page,
 * run as the page runs it: once, before the first paint, with the cookie notice in the page.
 */

const html = document.documentElement;

beforeAll(async () => {
  localStorage.setItem(StorageKey.TOKEN, 'a'.repeat(43));
  localStorage.setItem(StorageKey.STUDENT_TIME_ZONE, 'America/Chicago');
  document.body.innerHTML =
    '<section class="cookie-banner"><p>We use cookies.</p><button type="button">Accept</button></section>';
  await import('./head-script.ts');
});

describe('the head script', () => {
  it('marks a stored session, so the page shows the screen for it before the app runs', () => {
    expect(html.hasAttribute(SESSION_ATTRIBUTE)).toBe(true);
  });

  it("tells the server the member's profile zone in the tz cookie, and never the session token", () => {
    expect(document.cookie.split('; ')).toContain('tz=America%2FChicago');
    expect(document.cookie).not.toContain('opence_session');
    expect(document.cookie).not.toContain('a'.repeat(43));
  });

  it('hides the cookie notice once Accept is tapped, before the app runs, and keeps the acceptance', () => {
    expect(html.hasAttribute(COOKIE_ACCEPTED_ATTRIBUTE)).toBe(false);
    fireEvent.click(document.querySelector('.cookie-banner button')!);
    expect(html.hasAttribute(COOKIE_ACCEPTED_ATTRIBUTE)).toBe(true);
    expect(localStorage.getItem(StorageKey.COOKIE_ACCEPTED)).toBeTruthy();
  });
});
