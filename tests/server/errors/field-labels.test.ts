import { afterAll, describe, expect, it } from 'vitest';
import { fieldLabels } from '../../../shared/i18n/fields';
import { createTestApp } from '../../helpers/app';
import { apiRoutes } from '../access/routes';
import { INPUT_PARTS, inputJsonSchema, propertyNames } from '../fuzz/schemas';

/**
 * A validation 400 names the field by its German label; a field without one
 * would show its raw key ("status: …"). Every input field of every route must
 * have a label, so a route that lands with a new field fails here.
 */
const t = await createTestApp();
afterAll(async () => t.close());

describe('German field labels', () => {
  it('every input field of every route has a German label', () => {
    const missing = new Map<string, string>();
    for (const r of apiRoutes(t.app)) {
      for (const part of INPUT_PARTS) {
        for (const name of propertyNames(inputJsonSchema(r.schema, part) ?? undefined)) {
          if (!Object.hasOwn(fieldLabels, name)) missing.set(name, `${r.method} ${r.url} ${part}`);
        }
      }
    }
    expect([...missing.entries()].map(([k, where]) => `${k} (${where})`)).toEqual([]);
  });
});
