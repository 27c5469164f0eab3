import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildPlacedCompartments, buildProduct, buildStock, buildUser } from '../../helpers/factories';

/** GET /locations/lookup/{barcode}: a place a staff handheld does not hold, with its stock in scope (docs/sync.md "Entities"). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (barcode: string, who: { id: number; role: string }) =>
  t.app.inject({ method: 'GET', url: `/api/locations/lookup/${encodeURIComponent(barcode)}`, headers: auth(t.app, who) });

describe('GET /locations/lookup/:barcode', () => {
  it('answers the place as the working set holds it, with the stock of the customers in scope only', async () => {
    const mine = await buildCustomer(t.db);
    const foreign = await buildCustomer(t.db);
    const product = await buildProduct(t.db);
    const { compartments, building, room } = await buildPlacedCompartments(t.db, 1);
    const place = compartments[0];
    const own = await buildStock(t.db, { product_id: product.id, customer_id: mine.id, location_id: place.id, quantity: 4 });
    await buildStock(t.db, { product_id: product.id, customer_id: foreign.id, location_id: place.id, quantity: 9 });
    const worker = await buildUser(t.db, 'warehouse_worker', { access: [mine.id] });
    const res = await get(String(place.barcode).toLowerCase(), worker);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      location: {
        id: place.id,
        barcode: place.barcode,
        path: `${building.name} / ${room.name} / ${place.barcode}`,
        is_active: true,
        is_blocked: false,
        stocktake: null,
      },
      stock: [expect.objectContaining({ id: own.stock_id, customer_id: mine.id, quantity: 4 })],
    });
  });

  it('answers an unknown barcode with 404 and a customer user with 403', async () => {
    const worker = await buildUser(t.db, 'warehouse_worker');
    const unknown = await get('NIX-00-00', worker);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', detail: 'Lagerplatz NIX-00-00 nicht gefunden' });
    const { compartments } = await buildPlacedCompartments(t.db, 1);
    const cu = await buildUser(t.db, 'customer_user');
    expect((await get(compartments[0].barcode as string, cu)).statusCode).toBe(403);
  });
});
