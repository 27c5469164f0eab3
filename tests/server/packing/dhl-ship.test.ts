import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { ShipQuery } from '../../../shared/schemas/shipping';
import { shipOrder } from '../../../server/features/packing/dhl-ship';
import { AppError } from '../../../server/errors';
import { loadActor } from '../../../server/auth/users';
import { DHL_TEST_CREDENTIALS } from '../../helpers/dhl-contract-server';
import { buildPackingWorld, dhlTestApp, type PackingWorld, packingUrls as u, saveDhlSettings } from './world';

/**
 * Ship with DHL labels against the DHL-shaped contract server (real HTTP on
 * loopback; DHL_API_BASE_URL = its URL): 1 and 3 packages, multi-status,
 * address errors, missing settings, 429/5xx/timeout, and the race of two
 * ship calls creating labels exactly once.
 */

const app = dhlTestApp();

const post = (url: string, h: Record<string, string>) => app.t.app.inject({ method: 'POST', url, headers: h });
const orderRow = (id: number) =>
  app.t.db
    .selectFrom('outbound_orders')
    .select(['status', 'tracking_number', 'carrier', 'num_packages', 'total_weight_grams', 'ship_claimed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const logsOf = (id: number, event: string) =>
  app.t.db
    .selectFrom('status_logs')
    .selectAll()
    .where('order_id', '=', id)
    .where('event_type', '=', event as never)
    .execute();

async function packed(over: { address?: Record<string, string> } = {}): Promise<PackingWorld> {
  const w = await buildPackingWorld(app.t);
  if (over.address) await app.t.db.updateTable('outbound_orders').set(over.address).where('id', '=', w.order.id).execute();
  for (const id of [w.order.id, w.otherOrder.id]) await app.t.app.inject({ method: 'POST', url: u.packed(id), headers: w.h, payload: { num_packages: 1 } });
  return w;
}

const pdfPages = async (dataUrl: string) => {
  expect(dataUrl.startsWith('data:application/pdf;base64,')).toBe(true);
  return (await PDFDocument.load(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'))).getPageCount();
};

describe('ship with DHL labels', () => {
  it('one package: one V01PAK shipment, the label as merged PDF, the shipment number as tracking number, logs', async () => {
    const w = await packed();
    const before = app.dhl.requests.length;
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', carrier_type: 'parcel', num_labels: 1, total_weight: 1200, create_dhl_labels: true }), w.h);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.dhl_result.num_created).toBe(1);
    expect(await pdfPages(body.dhl_result.merged_label)).toBe(1);
    expect(body.tracking_numbers).toEqual([body.dhl_result.labels[0].shipment_number]);
    expect(body.message).toBe(`Auftrag ${w.order.order_number} versendet – 1 DHL-Label erstellt`);
    const req = app.dhl.requests[before];
    expect(req).toMatchObject({
      method: 'POST',
      apiKey: DHL_TEST_CREDENTIALS.apiKey,
      basic: { user: DHL_TEST_CREDENTIALS.user, password: DHL_TEST_CREDENTIALS.password },
      schemaErrors: null,
    });
    expect(req?.query).toMatchObject({ includeDocs: 'include', docFormat: 'PDF', mustEncode: 'true' });
    expect(req?.body).toMatchObject({
      profile: 'STANDARD_GRUPPENPROFIL',
      shipments: [
        {
          product: 'V01PAK',
          billingNumber: '33333333330102',
          refNo: w.order.order_number,
          consignee: { name1: 'Erika Mustermann', addressStreet: 'Hauptstraße', addressHouse: '5', postalCode: '10117', city: 'Berlin', country: 'DEU' },
          shipper: { name1: 'Lagerwerk Fulfillment GmbH', addressStreet: 'Industriestraße', addressHouse: '12', country: 'DEU' },
          details: { weight: { uom: 'g', value: 1200 } },
        },
      ],
    });
    expect(await orderRow(w.order.id)).toMatchObject({
      status: 'shipped',
      carrier: 'DHL',
      tracking_number: body.tracking_number,
      num_packages: 1,
      total_weight_grams: 1200,
      ship_claimed_at: null,
    });
    const labels = await logsOf(w.order.id, 'label_generated');
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ carrier: 'DHL', tracking_number: body.tracking_number });
    expect(await logsOf(w.order.id, 'order_shipped')).toHaveLength(1);
  });

  it('three packages: three shipments in one call (207), weights per package, one merged PDF of three pages', async () => {
    const w = await packed();
    const before = app.dhl.requests.length;
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 3, label_weights: '[1200,800,31500]', create_dhl_labels: true }), w.h);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(app.dhl.requests.length - before).toBe(1);
    const shipments = (app.dhl.requests[before]?.body as { shipments: Array<{ refNo: string; details: unknown }> } | undefined)?.shipments ?? [];
    expect(shipments.map((s) => s.details)).toEqual([1200, 800, 31500].map((value) => ({ weight: { uom: 'g', value } })));
    expect(new Set(shipments.map((s) => s.refNo)).size).toBe(3);
    expect(body.dhl_result.num_created).toBe(3);
    expect(body.tracking_numbers).toHaveLength(3);
    expect(await pdfPages(body.dhl_result.merged_label)).toBe(3);
    for (const l of body.dhl_result.labels) expect(await pdfPages(l.label_url)).toBe(1);
    expect(await orderRow(w.order.id)).toMatchObject({ num_packages: 3, total_weight_grams: 33500 });
  });

  it('abroad: V53WPAK with the international billing number and an alpha-3 country', async () => {
    const w = await packed({
      address: { delivery_country: 'AT', delivery_postal_code: '1010', delivery_city: 'Wien', delivery_address: 'Kärntner Straße 12' },
    });
    const before = app.dhl.requests.length;
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 900, create_dhl_labels: true }), w.h);
    expect(res.statusCode, res.body).toBe(200);
    expect(app.dhl.requests[before]?.body).toMatchObject({
      shipments: [{ product: 'V53WPAK', billingNumber: '33333333335301', consignee: { country: 'AUT', addressStreet: 'Kärntner Straße', addressHouse: '12' } }],
    });
  });

  it("DHL's address error becomes a 422 DHL_ADDRESS_INVALID with 'Adresse' and DHL's words; nothing shipped, the order can be shipped after the correction", async () => {
    const w = await packed({ address: { delivery_address: 'Hauptstraße 9999' } });
    const created = app.dhl.created.length;
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 2, label_weights: '[1000,1000]', create_dhl_labels: true }), w.h);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('DHL_ADDRESS_INVALID');
    expect(res.json().detail).toContain('Adresse');
    expect(res.json().detail).toContain('The house number entered could not be found.');
    expect(app.dhl.created.length).toBe(created);
    expect(await orderRow(w.order.id)).toMatchObject({ status: 'packed', tracking_number: null, ship_claimed_at: null });
    expect(await logsOf(w.order.id, 'label_generated')).toEqual([]);
    // The address-correction dialog patches the address (without delivery_email) and retries.
    const patch = await app.t.app.inject({
      method: 'PATCH',
      url: `/api/outbound-orders/${w.order.id}/delivery-address`,
      headers: w.h,
      payload: {
        delivery_name: 'Erika Mustermann',
        delivery_address: 'Hauptstraße 15',
        delivery_city: 'Berlin',
        delivery_postal_code: '10117',
        delivery_country: 'DE',
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const retry = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 2, label_weights: '[1000,1000]', create_dhl_labels: true }), w.h);
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('postcode/city mismatch on one package of one: 400 from DHL → 422', async () => {
    const w = await packed({ address: { delivery_city: 'Nirgendwo' } });
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true }), w.h);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('The city entered does not match the postcode');
  });

  it('multi-status with a failed package: the created shipment is cancelled again, 422, nothing shipped', async () => {
    const w = await packed();
    app.dhl.mode = 'partial';
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 2, label_weights: '[1000,1000]', create_dhl_labels: true }), w.h);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('DHL_ADDRESS_INVALID');
    expect(app.dhl.cancelled).toContain(app.dhl.created[app.dhl.created.length - 1]);
    expect(await orderRow(w.order.id)).toMatchObject({ status: 'packed', ship_claimed_at: null });
  });

  it('429 and 5xx: a German 503, no label, the order stays packed and can be shipped later', async () => {
    const w = await packed();
    for (const mode of ['rate_limited', 'server_error'] as const) {
      app.dhl.mode = mode;
      const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true }), w.h);
      expect(res.statusCode, mode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DHL_UNAVAILABLE' });
      expect(res.json().detail).toContain('nicht erreichbar');
      expect(await orderRow(w.order.id)).toMatchObject({ status: 'packed', ship_claimed_at: null });
    }
    app.dhl.mode = 'ok';
    expect((await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true }), w.h)).statusCode).toBe(200);
  });

  it('timeout: 503, claim released, no retry behind the user’s back', async () => {
    const w = await packed();
    app.dhl.mode = 'hang';
    const before = app.dhl.requests.length;
    const q = { carrier: 'DHL', carrier_type: 'parcel', num_labels: 1, total_weight: 1000, create_dhl_labels: true } as ShipQuery;
    const err = await shipOrder(app.t.db, { config: app.t.config, dhl: { timeoutMs: 300 } }, (await loadActor(app.t.db, w.worker.id))!, w.order.id, q).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'DHL_UNAVAILABLE', status: 503 });
    expect(app.dhl.requests.length - before).toBe(1);
    expect(await orderRow(w.order.id)).toMatchObject({ status: 'packed', ship_claimed_at: null });
  });

  it('wrong credentials: a German 409 pointing to the settings', async () => {
    const w = await packed();
    app.dhl.mode = 'unauthorized';
    const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true }), w.h);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DHL_AUTH_FAILED', detail: expect.stringContaining('Einstellungen → Versand') });
  });

  it('two DHL ship calls at once create labels exactly once', async () => {
    const w = await packed();
    const created = app.dhl.created.length;
    const q = { carrier: 'DHL', num_labels: 2, label_weights: '[1000,1500]', create_dhl_labels: true };
    const results = await Promise.all([post(u.ship(w.order.id, q), w.h), post(u.ship(w.order.id, q), w.h), post(u.ship(w.order.id, q), w.h)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(app.dhl.created.length - created).toBe(2);
    expect(await logsOf(w.order.id, 'label_generated')).toHaveLength(1);
  });
});

describe('missing DHL settings', () => {
  it('a German 409 naming Einstellungen → Versand and the missing fields; DHL is not called', async () => {
    const w = await packed();
    await saveDhlSettings(app.t, { dhl_api_key: null, dhl_billing_number: null });
    try {
      const before = app.dhl.requests.length;
      const res = await post(u.ship(w.order.id, { carrier: 'DHL', num_labels: 1, total_weight: 1000, create_dhl_labels: true }), w.h);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('DHL_SETTINGS_MISSING');
      expect(res.json().detail).toContain('Einstellungen → Versand');
      expect(res.json().detail).toContain('API-Schlüssel');
      expect(app.dhl.requests.length).toBe(before);
      expect(await orderRow(w.order.id)).toMatchObject({ status: 'packed', ship_claimed_at: null });
    } finally {
      await saveDhlSettings(app.t);
    }
  });
});
