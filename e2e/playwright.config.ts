import { defineConfig } from '@playwright/test';
import { CHROMIUM, DISPLAYS, type TDisplay } from './fixtures/screens.ts';

/*
 * The browser suite (docs/decisions/0020): journeys in Debian's Chromium against the built server
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
  // Two workers on the 2-core machine (measured in decision 0020); E2E_WORKERS changes it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // A failed test runs once more, with a trace; the reporters name every test that needed it.
  retries: 1,
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    launchOptions: CHROMIUM,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  projects: [
    // Every test without a width tag, and those tagged for both.
    { name: 'phone', use: { display: DISPLAYS.phone }, grepInvert: /^(?!.*@360).*@1280/ },
    { name: 'desktop', use: { display: DISPLAYS.desktop }, grep: /@1280/ },
  ],
});
