import { defineConfig } from '@playwright/test';
import { CHROMIUM, DISPLAYS, type TDisplay } from './fixtures/screens.ts';

/*
 * The browser suite (docs/decisions/0014): journeys in Debian's Chromium against the built server
 * (npm run build first), each worker on its own server and copy of the demo database
 * (fixtures/server.ts). A test runs at 360 px unless tagged for 1280 px or both (AT_1280,
 * AT_BOTH_WIDTHS in fixtures/browser.ts).
 */

// Webinar and certificate dates break in UTC-only testing; the workers, the server and
// Chromium inherit the zone from here.
process.env.TZ = 'America/New_York';

export default defineConfig<object, { display: TDisplay }>({
  testDir: 'tests',
  testMatch: '**/*.e2e.ts',
  globalSetup: './fixtures/global-setup.ts',
  // Two workers on the 2-core machine (measured in decision 0014); E2E_WORKERS changes it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 5_000 },
  /*
   * In CI (.ci/run sets CI) a failed test runs once more, so the report tells a test that fails
   * every time from one that fails now and then; either way the run fails (failOnFlakyTests):
   * a retry tells, it never hides (decision 0014). The trace of every failed attempt is kept.
   */
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    launchOptions: CHROMIUM,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // The app registers a service worker (issue 44); journeys that intercept requests need them
    // to reach the page's routes, so only offline.e2e.ts allows workers.
    serviceWorkers: 'block',
  },
  projects: [
    // Every test without a width tag, and those tagged for both.
    { name: 'phone', use: { display: DISPLAYS.phone }, grepInvert: /^(?!.*@360).*@1280/ },
    { name: 'desktop', use: { display: DISPLAYS.desktop }, grep: /@1280/ },
  ],
});
