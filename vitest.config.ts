import { defineConfig } from 'vitest/config';

// Suites run in a non-UTC zone: webinar and certificate dates break in UTC-only testing.
const env = { TZ: 'America/New_York' };

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], env },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { ...env, NODE_ENV: 'test' },
          // Every test app logs into the run's folder; the run fails if a log holds a secret.
          globalSetup: ['test/log-check/global-setup.ts'],
          setupFiles: ['test/log-check/record-secrets.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's modules and components in a simulated browser (Testing Library on jsdom).
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          env,
        },
      },
    ],
  },
});
