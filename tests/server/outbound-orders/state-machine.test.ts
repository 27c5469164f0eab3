import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ACTION_LABELS, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../shared/domain/order-status';
import { createTestApp, type TestApp } from '../../helpers/app';
import { api, buildOrderWorld, expectReservationInvariant, insertOrder, orderBody, type OrderWorld } from './world';

/**
 * Every action × every status × every role over HTTP. The expectations are
 * written out here (not read from the machine), so a wrong rule in
 * shared/domain/order-status.ts fails this test.
 */

let t: TestApp;
let w: OrderWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildOrderWorld(t, { loose: 100_000 });
});
afterAll(async () => t.close());

type Who = 'customer' | 'worker' | 'manager' | 'admin';
type Action = 'edit' | 'cancel' | 'confirm' | 'start-picking' | 'complete-picking' | 'delivery-address' | 'complete';

const STAFF_ONLY_ROUTE: Action[] = ['confirm', 'start-picking', 'complete-picking', 'delivery-address', 'complete'];
/** `manager` is what warehouse_manager and admin may do. */
const ALLOWED: Record<Action, { customer: OrderStatus[]; worker: OrderStatus[]; manager: OrderStatus[] }> = {
  edit: { customer: ['new'], worker: [], manager: ['new', 'confirmed'] },
  cancel: { customer: ['new'], worker: ['new', 'confirmed', 'picking'], manager: ['new', 'confirmed', 'picking'] },
  confirm: { customer: [], worker: ['new'], manager: ['new'] },
  'start-picking': { customer: [], worker: ['confirmed'], manager: ['confirmed'] },
  'complete-picking': { customer: [], worker: ['picking'], manager: ['picking'] },
  'delivery-address': { customer: [], worker: ['new', 'confirmed', 'picking', 'packed'], manager: ['new', 'confirmed', 'picking', 'packed'] },
  complete: { customer: [], worker: [], manager: ['shipped'] },
};
const AFTER: Partial<Record<Action, OrderStatus>> = { cancel: 'cancelled', confirm: 'confirmed', 'start-picking': 'picking', complete: 'completed' };

function call(action: Action, id: number, headers: Record<string, string>) {
  const a = api(t);
  if (action === 'edit') return a.patch(`/api/outbound-orders/${id}`, headers, orderBody([{ product_id: w.looseProduct.id, quantity: 1 }]));
  if (action === 'delivery-address') {
    return a.patch(`/api/outbound-orders/${id}/delivery-address`, headers, {
      delivery_name: 'Neu',
      delivery_address: 'Neue Straße 9',
      delivery_city: 'Hamburg',
      delivery_postal_code: '20095',
      delivery_country: 'Deutschland',
    });
  }
  return a.post(`/api/outbound-orders/${id}/${action}`, headers);
}

describe('order state machine over HTTP', () => {
  for (const action of Object.keys(ALLOWED) as Action[]) {
    for (const who of ['customer', 'worker', 'manager', 'admin'] as Who[]) {
      it(`${action} as ${who} in every status`, async () => {
        for (const status of ORDER_STATUSES) {
          const o = await insertOrder(t.db, w.customer.id, status);
          const res = await call(action, o.id, w.h[who]);
          const allowed = ALLOWED[action][who === 'admin' ? 'manager' : who];
          const label = `${action} ${who} ${status}`;
          if (allowed.includes(status)) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            const body = res.json();
            expect(body.status, label).toBe(AFTER[action] ?? status);
            if (action === 'confirm') expect(body.confirmed_at).toBeTruthy();
            if (action === 'start-picking') expect(body.picking_started_at).toBeTruthy();
            if (action === 'complete-picking') expect(body.picking_completed_at).toBeTruthy();
            if (action === 'cancel') expect(body.cancelled_at).toBeTruthy();
            if (action === 'complete') expect(body.completed_at).toBeTruthy();
            if (action === 'edit') expect(body.items).toHaveLength(1);
            if (action === 'delivery-address') expect(body).toMatchObject({ delivery_city: 'Hamburg', delivery_country: 'DE' });
          } else if (allowed.length === 0 || (who === 'customer' && STAFF_ONLY_ROUTE.includes(action))) {
            expect(res.statusCode, label).toBe(403);
          } else {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(409);
            expect(res.json().code).toBe('ORDER_STATUS_CONFLICT');
            expect(res.json().detail).toMatch(/^Auftrag T-\d+ ist im Status „.+“ – .+ ist nicht möglich$/);
            // the codes a handheld words the refusal from, beside the German words of the detail
            const { params } = res.json();
            expect(params).toMatchObject({ status_code: status, status: ORDER_STATUS_LABELS[status] });
            expect(params.action, label).toBe(ORDER_ACTION_LABELS[params.action_code as keyof typeof ORDER_ACTION_LABELS]);
            const row = await t.db.selectFrom('outbound_orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow();
            expect(row.status).toBe(status);
          }
        }
      });
    }
  }

  it('names status and action in German on a refused transition', async () => {
    const o = await insertOrder(t.db, w.customer.id, 'shipped');
    const res = await call('cancel', o.id, w.h.manager);
    expect(res.json().detail).toBe(`Auftrag ${o.order_number} ist im Status „Versendet“ – Stornieren ist nicht möglich`);
    const p = await insertOrder(t.db, w.customer.id, 'confirmed');
    const res2 = await call('edit', p.id, w.h.customer);
    expect(res2.json().detail).toBe(`Auftrag ${p.order_number} ist im Status „Bestätigt“ – Bearbeiten ist nicht möglich`);
  });

  it('complete-picking keeps the order in picking and its first time on repeat', async () => {
    const o = await insertOrder(t.db, w.customer.id, 'picking');
    const first = (await call('complete-picking', o.id, w.h.worker)).json();
    const again = await call('complete-picking', o.id, w.h.worker);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('picking');
    expect(again.json().picking_completed_at).toBe(first.picking_completed_at);
  });

  it('walks the whole path new -> confirmed -> picking with timestamps', async () => {
    const created = await api(t).post('/api/outbound-orders/', w.h.customer, orderBody([{ product_id: w.looseProduct.id, quantity: 3 }]));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call('confirm', id, w.h.worker)).json().status).toBe('confirmed');
    const picking = (await call('start-picking', id, w.h.worker)).json();
    expect(picking.status).toBe('picking');
    expect(new Date(picking.picking_started_at).getTime()).toBeGreaterThanOrEqual(new Date(picking.confirmed_at).getTime());
    expect(picking.items[0].reserved_quantity).toBe(3);
    await expectReservationInvariant(t.db);
  });
});
