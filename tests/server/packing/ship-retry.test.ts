import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildPackingWorld, dhlTestApp, type PackingWorld, packingUrls as u } from './world';

/**
 * Retries of ship and mark-packed: an Idempotency-Key replays the first
 * answer (the same DHL labels, none created again); a ship claim left by a
 * crashed call blocks for 120 s and may then be taken over.
 */

const app = dhlTestApp();

const post = (url: string, h: Record<string, string>, key?: string, payload?: unknown) =>
  app.t.app.inject({
    method: 'POST',
    url,
    headers: key ? { ...h, 'idempotency-key': key } : h,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function packed(): Promise<PackingWorld> {
  const w = await buildPackingWorld(app.t);
  for (const id of [w.order.id, w.otherOrder.id]) expect((await post(u.packed(id), w.h, `pack-${id}`, { num_packages: 1 })).statusCode).toBe(200);
  return w;
}

describe('Idempotency-Key', () => {
  it('a retried DHL ship answers the first labels, DHL is not called again', async () => {
    const w = await packed();
    const q = u.ship(w.order.id, { carrier: 'DHL', num_labels: 2, label_weights: '[1000,1200]', create_dhl_labels: true });
    const first = await post(q, w.h, 'ship-retry-1');
    expect(first.statusCode, first.body).toBe(200);
    const created = app.dhl.created.length;
    const again = await post(q, w.h, 'ship-retry-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().tracking_numbers).toEqual(first.json().tracking_numbers);
    expect(again.json().dhl_result.merged_label).toBe(first.json().dhl_result.merged_label);
    expect(app.dhl.created.length).toBe(created);
    // Without the key a second call is the plain 409.
    expect((await post(q, w.h)).statusCode).toBe(409);
    // The same key for another request is refused.
    const other = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 900, create_dhl_labels: true }), w.h, 'ship-retry-1');
    expect(other.statusCode).toBe(422);
  });

  it('DHL unreachable: 503 DHL_UNAVAILABLE (not the address code), nothing kept under the key; the same key ships once DHL is back', async () => {
    const w = await packed();
    const q = u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true });
    app.dhl.mode = 'server_error';
    try {
      const down = await post(q, w.h, 'ship-outage-1');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'DHL_UNAVAILABLE', detail: expect.stringContaining('kein Label erstellt') });
    } finally {
      app.dhl.mode = 'ok';
    }
    const row = () => app.t.db.selectFrom('outbound_orders').select(['status', 'tracking_number']).where('id', '=', w.order.id).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ status: 'packed', tracking_number: null });
    const back = await post(q, w.h, 'ship-outage-1');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers['idempotent-replayed']).toBeUndefined();
    expect(back.json().dhl_result.num_created).toBe(1);
    expect((await row()).status).toBe('shipped');
  });

  it('an address DHL refuses is 422 DHL_ADDRESS_INVALID, distinct from the outage', async () => {
    const w = await packed();
    await app.t.db.updateTable('outbound_orders').set({ delivery_address: 'Hauptstraße 9999' }).where('id', '=', w.order.id).execute();
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true }), w.h, 'ship-address-1');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('DHL_ADDRESS_INVALID');
  });

  it('a retried manual ship and mark-packed answer the first result', async () => {
    const w = await packed();
    const again = await post(u.packed(w.order.id), w.h, `pack-${w.order.id}`, { num_packages: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const q = u.ship(w.order.id, { carrier: 'UPS', tracking_number: '1Z999' });
    expect((await post(q, w.h, 'ups-1')).statusCode).toBe(200);
    const replay = await post(q, w.h, 'ups-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().tracking_number).toBe('1Z999');
  });
});

describe('ship claim', () => {
  it('a live claim (a DHL call running) blocks other ship calls with 409; a claim older than 120 s is taken over', async () => {
    const w = await packed();
    await app.t.db.updateTable('outbound_orders').set({ ship_claimed_at: sql<Date>`now()` }).where('id', '=', w.order.id).execute();
    const calls: Array<Record<string, string | number | boolean>> = [
      { carrier: 'DPD', tracking_number: 'D1' },
      { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true },
    ];
    for (const q of calls) {
      const res = await post(u.ship(w.order.id, q), w.h);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SHIP_IN_PROGRESS', detail: expect.stringContaining('wird gerade versendet') });
    }
    await app.t.db.updateTable('outbound_orders').set({ ship_claimed_at: sql<Date>`now() - interval '3 minutes'` }).where('id', '=', w.order.id).execute();
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true }), w.h);
    expect(res.statusCode, res.body).toBe(200);
    const row = await app.t.db.selectFrom('outbound_orders').select(['status', 'ship_claimed_at']).where('id', '=', w.order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'shipped', ship_claimed_at: null });
  });
});
