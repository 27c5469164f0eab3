import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import type { DbHandle } from '../../server/db/index';
import { createTestDb } from './db';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/lagerwerk-test-unused',
    jwtSecret: 'test-secret-test-secret-test-secret',
    settingsKey: Buffer.alloc(32, 7),
    seedDemo: false,
    keepaBaseUrl: 'http://127.0.0.1:9',
    staticDir: '/nonexistent',
    logLevel: 'silent',
    runJobs: false,
    retentionDays: 30,
    apiKeyRatePerMinute: 600,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  db: DbHandle['db'];
  config: AppConfig;
  close(): Promise<void>;
}

/** The real app on a fresh database (PGlite, or PostgreSQL with TEST_DB=pg). */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  return testAppOn(await createTestDb(), overrides);
}

/** The real app on a database that is already open and migrated; close() closes both. */
export async function testAppOn(handle: DbHandle, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.ready();
  return {
    app,
    handle,
    db: handle.db,
    config,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
