import { defineConfig } from 'vitest/config';

/**
 * unit: shared, server (PGlite), sync, client logic.
 * unit-pg: the server, sync and client suites again on real PostgreSQL (only when TEST_DATABASE_URL is set);
 *   the device sync tests in tests/client drive the real push/pull handlers, so they need it too
 *   (the pure client tests there merely run twice).
 * e2e: Playwright in Debian's Chromium against the built app.
 */
const withPg = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/{shared,server,sync,client}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPg
        ? [
            {
              test: {
                name: 'unit-pg',
                include: ['tests/{server,sync,client}/**/*.test.ts'],
                environment: 'node',
                env: { TEST_DB: 'pg' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A poll waits for what the screen shows after an action (a live query, a refetch):
          // vitest's default of 1 s is itself a race on a busy machine (docs/testing.md).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
