import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../server/db/index';
import { BASE_UNITS, LOCATION_KINDS, MOVEMENT_TYPES, ROOM_TYPES, STOCKTAKE_STATUSES, STORED_MUTATION_STATUSES } from '../../../shared/constants';
import { NOTIFICATION_STATUSES } from '../../../shared/domain/notification-status';
import { ORDER_STATUSES } from '../../../shared/domain/order-status';
import { ROLES } from '../../../shared/domain/roles';
import { WAVE_CREATION_METHODS, WAVE_STATUSES } from '../../../shared/domain/wave-status';
import { JOB_STATUSES } from '../../../shared/schemas/catalog';
import { SETTING_CATEGORIES } from '../../../shared/schemas/settings';
import { createTestDb } from '../../helpers/db';

/**
 * The table types in server/db/schema.ts take their unions from these shared
 * constants; the frozen migrations spell the same lists in CHECK constraints.
 * This keeps the two in step: a value added to a constant without a migration
 * (or the other way round) fails here, not in production.
 */
const EXPECTED: Record<string, readonly string[]> = {
  'users.role': ROLES,
  'rooms.room_type': ROOM_TYPES,
  'locations.kind': LOCATION_KINDS,
  'products.base_unit': BASE_UNITS,
  'inbound_notifications.status': NOTIFICATION_STATUSES,
  'outbound_orders.status': ORDER_STATUSES,
  'stock_movements.movement_type': MOVEMENT_TYPES,
  'settings.category': SETTING_CATEGORIES,
  'jobs.status': JOB_STATUSES,
  'sync_mutations.status': STORED_MUTATION_STATUSES,
  'picking_waves.status': WAVE_STATUSES,
  'picking_waves.creation_method': WAVE_CREATION_METHODS,
  'stocktakes.status': STOCKTAKE_STATUSES,
};

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

describe('CHECK constraints of the migrations', () => {
  it('allow exactly the values of the shared constants', async () => {
    const { rows } = await sql<{ tbl: string; def: string }>`
      SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE contype = 'c'`.execute(handle.db);
    const found: Record<string, string[]> = {};
    for (const { tbl, def } of rows) {
      // pg prints `col IN ('a','b')` as `(col = ANY (ARRAY['a'::text, 'b'::text]))`
      const m = /^CHECK \(\(?(\w+) = ANY \(ARRAY\[(.*)\]\)\)?\)$/.exec(def);
      if (!m) continue;
      const values = [...(m[2] ?? '').matchAll(/'([^']*)'/g)].map((v) => v[1] ?? '');
      found[`${tbl.replace(/^public\./, '')}.${m[1]}`] = values;
    }
    for (const [column, values] of Object.entries(EXPECTED)) {
      expect(found[column], column).toBeDefined();
      expect([...(found[column] ?? [])].sort(), column).toEqual([...values].sort());
    }
  });
});
