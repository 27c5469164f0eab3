import { describe, expect, it } from 'vitest';
import { auth } from '../../helpers/factories';
import { buildPackingWorld, dhlTestApp, type PackingWorld, packingUrls as u } from './world';

/**
 * A failed DHL label call: the packer gets DHL's answer as before,
 * the ship leaves nothing behind, and one label_failed row in the packing log
 * (own transaction) tells the shift lead; the alert summary counts the order
 * critical until it gets a label or ships.
 */

const app = dhlTestApp();

const dhlShip = (w: PackingWorld, q: Record<string, string | number | boolean> = {}) =>
  app.t.app.inject({
    method: 'POST',
    url: u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true, ...q }),
    headers: w.h,
  });
const failures = (orderId: number) =>
  app.t.db.selectFrom('status_logs').selectAll().where('order_id', '=', orderId).where('event_type', '=', 'label_failed').orderBy('id').execute();
const orderState = (id: number) => app.t.db.selectFrom('outbound_orders').select(['status', 'ship_claimed_at']).where('id', '=', id).executeTakeFirstOrThrow();
const criticalAlerts = async (w: PackingWorld) => {
  const res = await app.t.app.inject({ method: 'GET', url: '/api/status-logs/alerts/summary', headers: w.h });
  expect(res.statusCode).toBe(200);
  return res.json() as { by_type: { label_failed: number }; by_severity: { critical: number } };
};

async function packed(address?: Record<string, string>): Promise<PackingWorld> {
  const w = await buildPackingWorld(app.t);
  if (address) await app.t.db.updateTable('outbound_orders').set(address).where('id', '=', w.order.id).execute();
  const res = await app.t.app.inject({ method: 'POST', url: u.packed(w.order.id), headers: w.h, payload: { num_packages: 1 } });
  expect(res.statusCode, res.body).toBe(200);
  return w;
}

describe('label_failed', () => {
  it('DHL answers 500: a German 503 as before, one label_failed row with the detail, DHL status, order, user and carrier; critical until the retry succeeds', async () => {
    const w = await packed();
    const before = await criticalAlerts(w);
    app.dhl.mode = 'server_error';
    const res = await dhlShip(w);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('DHL_UNAVAILABLE');
    expect(await orderState(w.order.id)).toEqual({ status: 'packed', ship_claimed_at: null });
    const rows = await failures(w.order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      log_type: 'packing',
      carrier: 'DHL',
      user_id: w.worker.id,
      wave_id: w.waveId,
      old_status: null,
      new_status: null,
      description: `DHL-Label für Auftrag ${w.order.order_number} fehlgeschlagen: ${res.json().detail}`,
    });
    expect(rows[0]?.event_data).toMatchObject({
      order_id: w.order.id,
      order_number: w.order.order_number,
      error_code: 'DHL_UNAVAILABLE',
      detail: res.json().detail,
      dhl_kind: 'unavailable',
      dhl_status: 500,
      weights_grams: [1000],
      cancelled_shipments: [],
    });
    expect(res.json().detail).toContain('nicht erreichbar');
    expect(
      await app.t.db.selectFrom('status_logs').select('id').where('order_id', '=', w.order.id).where('event_type', '=', 'label_generated').execute(),
    ).toEqual([]);

    const failed = await criticalAlerts(w);
    expect(failed.by_type.label_failed - before.by_type.label_failed).toBe(1);
    expect(failed.by_severity.critical - before.by_severity.critical).toBe(1);

    // A second failure of the same order is logged again but alerts once; the label afterwards clears it.
    app.dhl.mode = 'rate_limited';
    expect((await dhlShip(w)).statusCode).toBe(503);
    expect((await failures(w.order.id)).map((r) => (r.event_data as { dhl_status: unknown }).dhl_status)).toEqual([500, 429]);
    expect((await criticalAlerts(w)).by_type.label_failed).toBe(failed.by_type.label_failed);
    app.dhl.mode = 'ok';
    expect((await dhlShip(w)).statusCode).toBe(200);
    expect((await criticalAlerts(w)).by_type.label_failed).toBe(before.by_type.label_failed);
  });

  it("DHL refuses the address: 422 with DHL's words, label_failed keeps them; a manual ship clears the alert as well", async () => {
    const w = await packed({ delivery_address: 'Hauptstraße 9999' });
    const before = await criticalAlerts(w);
    const res = await dhlShip(w);
    expect(res.statusCode).toBe(422);
    const [row] = await failures(w.order.id);
    expect(row?.event_data).toMatchObject({ error_code: 'DHL_ADDRESS_INVALID', dhl_kind: 'address', dhl_status: 400 });
    expect((row?.event_data as { detail?: string } | undefined)?.detail).toContain('The house number entered could not be found.');
    expect((await criticalAlerts(w)).by_type.label_failed - before.by_type.label_failed).toBe(1);
    const manual = await app.t.app.inject({
      method: 'POST',
      url: u.ship(w.order.id, { carrier: 'DPD', num_labels: 1, tracking_number: '01234567890123' }),
      headers: w.h,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect((await criticalAlerts(w)).by_type.label_failed).toBe(before.by_type.label_failed);
  });

  it('an unreadable label: 502, the shipment cancelled again, label_failed names it', async () => {
    const w = await packed();
    app.dhl.mode = 'unreadable_label';
    const res = await dhlShip(w);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('DHL_LABEL_UNREADABLE');
    const [row] = await failures(w.order.id);
    const data = row?.event_data as { error_code: string; cancelled_shipments: string[] };
    expect(data.error_code).toBe('DHL_LABEL_UNREADABLE');
    expect(data.cancelled_shipments).toHaveLength(1);
    expect(app.dhl.cancelled).toContain(data.cancelled_shipments[0]);
    expect(await orderState(w.order.id)).toEqual({ status: 'packed', ship_claimed_at: null });
  });

  it('a refusal before DHL is called (not packed) writes no label_failed', async () => {
    const w = await buildPackingWorld(app.t);
    const res = await dhlShip(w);
    expect(res.statusCode).toBe(409);
    expect(await failures(w.order.id)).toEqual([]);
  });

  it('is listed in the packing log under its event type (the admin filter the dashboard links to)', async () => {
    const w = await packed();
    app.dhl.mode = 'server_error';
    await dhlShip(w);
    const res = await app.t.app.inject({
      method: 'GET',
      url: `/api/status-logs/packing?event_type=label_failed&order_id=${w.order.id}`,
      headers: auth(app.t.app, w.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({ event_type: 'label_failed', order_number: w.order.order_number, carrier: 'DHL' });
  });
});
