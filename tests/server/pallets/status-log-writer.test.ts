import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '../../../server/auth/users';
import { writeStatusLog } from '../../../server/features/status-logs/writer';
import { createTestApp, type TestApp } from '../../helpers/app';
import { buildCustomer, buildUser } from '../../helpers/factories';
import { insertOrder } from '../outbound-orders/world';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('writeStatusLog', () => {
  it('writes one row in the caller transaction: visible after commit, gone after rollback', async () => {
    const user = await buildUser(t.db, 'warehouse_worker');
    const actor = await loadActor(t.db, user.id);
    const order = await insertOrder(t.db, (await buildCustomer(t.db)).id);

    const id = await t.db.transaction().execute((trx) =>
      writeStatusLog(trx, actor, {
        event_type: 'order_shipped',
        old_status: 'packed',
        new_status: 'shipped',
        order_id: order.id,
        tracking_number: '00340434',
        carrier: 'DHL',
        event_data: { packages: 2 },
      }),
    );
    const row = await t.db.selectFrom('status_logs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      log_type: 'packing',
      event_type: 'order_shipped',
      old_status: 'packed',
      new_status: 'shipped',
      order_id: order.id,
      user_id: user.id,
      user_name: user.full_name,
      tracking_number: '00340434',
      carrier: 'DHL',
      event_data: { packages: 2 },
    });

    const before = await t.db
      .selectFrom('status_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await writeStatusLog(trx, actor, { event_type: 'wave_created', wave_id: 7 });
        // The change the log records fails: the log row must go with it.
        throw new Error('wave start failed');
      }),
    ).rejects.toThrow('wave start failed');
    const after = await t.db
      .selectFrom('status_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('files picking events in the picking log', async () => {
    const id = await t.db.transaction().execute((trx) => writeStatusLog(trx, null, { event_type: 'pick_discrepancy', wave_id: 3, event_data: { missing: 1 } }));
    const row = await t.db.selectFrom('status_logs').select(['log_type', 'user_name']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ log_type: 'picking', user_name: null });
  });
});
