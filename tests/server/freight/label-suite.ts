import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { saveSettings } from '../../../server/features/settings/service';
import { createTestApp, type TestApp } from '../../helpers/app';

/**
 * The setup of the pallet-label tests (PDF and ZPL): an app made before all and closed after all,
 * a temporary folder (`tmp`, named by `prefix`) removed with it, `setSettings` (null deletes a key)
 * and `get` with the given headers.
 */
export function labelSuite(prefix: string) {
  let app: TestApp | undefined;
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  const s = {
    get t(): TestApp {
      if (!app) throw new Error('labelSuite: the app is made in beforeAll');
      return app;
    },
    tmp,
    setSettings: (values: Record<string, string | null>) =>
      s.t.db.transaction().execute((trx) =>
        saveSettings(
          trx,
          s.t.config.settingsKey,
          Object.entries(values).map(([key, value]) => ({ key, value })),
        ),
      ),
    get: (url: string, h: Record<string, string>) => s.t.app.inject({ method: 'GET', url, headers: h }),
  };
  return s;
}
