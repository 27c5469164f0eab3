import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildPlacedCompartments, buildUser } from '../../helpers/factories';
import { ledgerMismatches } from '../../helpers/ledger';
import { api } from '../outbound-orders/world';
import { buildPickWorld, orderOf, stockAt } from '../picking/world';

/**
 * blocked_quantity in the stock views (docs/operations.md "Blocked places"):
 * the free part of the stock on blocked places, shown apart, so that
 * available = quantity − reserved − blocked.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** 10 on A (4 of them reserved before A was blocked), 6 on B, 2 on C in a blocked room. */
async function world() {
  const w = await buildPickWorld(t);
  const placed = await buildPlacedCompartments(t.db, 2);
  const [a, b] = placed.compartments;
  const other = await buildPlacedCompartments(t.db, 1);
  const c = other.compartments[0];
  const manager = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
  const customer = auth(t.app, await buildUser(t.db, 'customer_user', { customer_id: w.customer.id }));
  await stockAt(t, w, w.loose.id, a.id, 10);
  await orderOf(t, w, [{ product_id: w.loose.id, quantity: 4 }]);
  await stockAt(t, w, w.loose.id, b.id, 6);
  await stockAt(t, w, w.loose.id, c.id, 2);
  expect((await api(t).patch(`/api/locations/${a.id}`, manager, { is_blocked: true })).statusCode).toBe(200);
  expect((await api(t).patch(`/api/rooms/${other.room.id}`, manager, { is_blocked: true })).statusCode).toBe(200);
  return { w, a, b, c, manager, customer };
}

describe('blocked_quantity', () => {
  it('the inventory overview shows it per row and per place; available = quantity − reserved − blocked', async () => {
    const { w, a, b, c, manager } = await world();
    const res = await api(t).get(`/api/dashboard/inventory-overview?customer_id=${w.customer.id}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().product_summary.find((p: { product_id: number }) => p.product_id === w.loose.id);
    expect(row).toMatchObject({ total_quantity: 18, reserved_quantity: 4, blocked_quantity: 8, available_quantity: 6 });
    expect(row.available_quantity).toBe(row.total_quantity - row.reserved_quantity - row.blocked_quantity);
    const byPlace = Object.fromEntries(
      row.locations.map((l: { location_id: number; available_quantity: number; reserved_quantity: number; blocked_quantity: number }) => [
        l.location_id,
        [l.available_quantity, l.reserved_quantity, l.blocked_quantity],
      ]),
    );
    expect(byPlace).toEqual({ [a.id]: [0, 4, 6], [b.id]: [6, 0, 0], [c.id]: [0, 0, 2] });
  });

  it('Mein Bestand and the product detail show it too', async () => {
    const { w, a, b, c, manager, customer } = await world();
    const mine = (await api(t).get('/api/inventory/my-stock', customer)).json();
    const item = mine.find((p: { product_id: number }) => p.product_id === w.loose.id);
    expect(item).toMatchObject({ total_quantity: 18, reserved_quantity: 4, blocked_quantity: 8, available_quantity: 6 });
    expect(Object.fromEntries(item.locations.map((l: { location_id: number; blocked_quantity: number }) => [l.location_id, l.blocked_quantity]))).toEqual({
      [a.id]: 6,
      [b.id]: 0,
      [c.id]: 2,
    });
    const detail = (await api(t).get(`/api/inventory/products/${w.loose.id}/details`, manager)).json();
    const mineOnly = detail.stock.locations.filter((l: { location_id: number }) => [a.id, b.id, c.id].includes(l.location_id));
    expect(Object.fromEntries(mineOnly.map((l: { location_id: number; blocked_quantity: number }) => [l.location_id, l.blocked_quantity]))).toEqual({
      [a.id]: 6,
      [b.id]: 0,
      [c.id]: 2,
    });
    expect(detail.stock.blocked_quantity).toBe(8);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('the Auslagern lookup counts nothing available on a blocked place and shows its stock apart', async () => {
    const { w, a, b, c, manager } = await world();
    const res = await api(t).post('/api/outbound/lookup', manager, { ean: w.loose.ean });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total_quantity).toBe(6);
    expect(
      body.locations
        .map((l: { location_id: number; available_quantity: number; blocked_quantity: number }) => [l.location_id, l.available_quantity, l.blocked_quantity])
        .sort(),
    ).toEqual(
      [
        [a.id, 0, 6],
        [b.id, 6, 0],
        [c.id, 0, 2],
      ].sort(),
    );
  });

  it('releasing the place makes its stock available again', async () => {
    const { w, a, manager } = await world();
    await api(t).patch(`/api/locations/${a.id}`, manager, { is_blocked: false });
    const row = (await api(t).get(`/api/dashboard/inventory-overview?customer_id=${w.customer.id}`, manager))
      .json()
      .product_summary.find((p: { product_id: number }) => p.product_id === w.loose.id);
    expect(row).toMatchObject({ total_quantity: 18, reserved_quantity: 4, blocked_quantity: 2, available_quantity: 12 });
  });
});
