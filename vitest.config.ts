import { defineConfig } from 'vitest/config';

/**
 * unit: shared, server (PGlite), sync, client logic.
 * unit-pg: the suites that use a database again on real PostgreSQL (only when TEST_DATABASE_URL is set):
 *   tests/server, tests/sync/server and tests/client/with-server (device code against the real
 *   push/pull handlers). Pure logic (tests/shared, tests/sync/device, the rest of tests/client)
 *   runs once.
 * e2e: Playwright in Debian's Chromium against the built app.
 * docs/testing.md says where the time goes.
 */
const withPg = Boolean(process.env.TEST_DATABASE_URL);
/**
 * Test runs hash passwords with scrypt N=2^10 instead of 2^17 (server/auth/password.ts; vitest sets
 * NODE_ENV=test, and the e2e servers inherit both): a login then costs milliseconds, not half a second.
 */
const fastHashes = { LAGERWERK_TEST_SCRYPT_N: '1024' };

export default defineConfig({
  test: {
    // Two test files at a time: on a 2-core machine vitest's default is one, which leaves a core
    // idle while a file waits on PostgreSQL, a spawned server or a browser (docs/testing.md).
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/{shared,server,sync,client}/**/*.test.ts'],
          environment: 'node',
          env: fastHashes,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPg
        ? [
            {
              test: {
                name: 'unit-pg',
                include: ['tests/server/**/*.test.ts', 'tests/sync/server/**/*.test.ts', 'tests/client/with-server/**/*.test.ts'],
                environment: 'node',
                env: { ...fastHashes, TEST_DB: 'pg' },
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
          env: fastHashes,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One file at a time: with two side by side, the second device of offline-stock.test.ts
          // did not get its booking shown within 60 s in 2 of 4 runs (docs/testing.md).
          fileParallelism: false,
          // A poll waits for what the screen shows after an action (a live query, a refetch):
          // vitest's default of 1 s is itself a race on a busy machine (docs/testing.md).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
