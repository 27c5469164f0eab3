import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_ACTION_LABELS, NOTIFICATION_STATUS_LABELS } from '../../../shared/domain/notification-status';
import type { Role } from '../../../shared/domain/roles';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCompartments, buildCustomer, buildProduct, buildUser } from '../../helpers/factories';
import { announce, announcement, setStatus } from './fixtures';

/**
 * Every action on an announcement, for every role, in every state, through
 * the REST routes. The expectations are written out here (spec part 2 §4),
 * not derived from the shared machine, so a wrong machine fails this test.
 */

type Status = 'announced' | 'confirmed' | 'receiving' | 'completed' | 'cancelled';
type Action = 'edit' | 'cancel' | 'confirm' | 'receive' | 'complete';
const STATUSES: Status[] = ['announced', 'confirmed', 'receiving', 'completed', 'cancelled'];
const ACTIONS: Action[] = ['edit', 'cancel', 'confirm', 'receive', 'complete'];

const ALLOWED: Record<Action, { who: 'customer' | 'staff'; in: Status[]; to: Status }> = {
  edit: { who: 'customer', in: ['announced'], to: 'announced' },
  cancel: { who: 'customer', in: ['announced'], to: 'cancelled' },
  confirm: { who: 'staff', in: ['announced'], to: 'confirmed' },
  // one item of 5, 2 already received in 'receiving'; receiving 1 more keeps it receiving
  receive: { who: 'staff', in: ['confirmed', 'receiving'], to: 'receiving' },
  // completed → completed: a queued "Fertig" after the last receipt completed it is answered, not refused
  complete: { who: 'staff', in: ['receiving', 'completed'], to: 'completed' },
};

let t: TestApp;
let customerId: number;
let ean: string;
let locationId: number;
const users: Partial<Record<Role, { id: number; role: string }>> = {};

beforeAll(async () => {
  t = await createTestApp();
  customerId = (await buildCustomer(t.db)).id;
  users.customer_user = await buildUser(t.db, 'customer_user', { customer_id: customerId });
  users.warehouse_worker = await buildUser(t.db, 'warehouse_worker');
  users.warehouse_manager = await buildUser(t.db, 'warehouse_manager');
  users.admin = await buildUser(t.db, 'admin');
  ean = (await buildProduct(t.db)).ean;
  locationId = (await buildCompartments(t.db, 1))[0].id;
});
afterAll(async () => t?.close());

async function inState(status: Status) {
  const n = await announce(t.app, users.customer_user!, announcement([{ ean, quantity: 5 }]));
  await setStatus(t.db, n.id, status);
  if (status === 'receiving' || status === 'completed') {
    await t.db.updateTable('inbound_notification_items').set({ received_quantity: 2 }).where('notification_id', '=', n.id).execute();
  }
  return n.id;
}

function request(action: Action, id: number, user: { id: number; role: string }) {
  const headers = auth(t.app, user);
  const url = `/api/inbound-notifications/${id}`;
  switch (action) {
    case 'edit':
      return t.app.inject({ method: 'PATCH', url, headers, payload: announcement([{ ean, quantity: 7 }], { reference_number: 'geändert' }) });
    case 'cancel':
      return t.app.inject({ method: 'DELETE', url, headers });
    case 'confirm':
      return t.app.inject({ method: 'PATCH', url: `${url}/confirm`, headers });
    case 'receive':
      return t.app.inject({ method: 'POST', url: `${url}/receive`, headers, payload: { items: [{ ean, quantity: 1, location_id: locationId }] } });
    case 'complete':
      return t.app.inject({ method: 'POST', url: `${url}/complete`, headers });
  }
}

describe('announcement state machine per role', () => {
  for (const action of ACTIONS) {
    for (const status of STATUSES) {
      for (const role of ['customer_user', 'warehouse_worker', 'warehouse_manager', 'admin'] as Role[]) {
        const rule = ALLOWED[action];
        const roleOk = rule.who === 'customer' ? role === 'customer_user' : role !== 'customer_user';
        const stateOk = rule.in.includes(status);
        const expected = !roleOk ? 403 : stateOk ? 200 : 409;
        it(`${role} ${action} in ${status} → ${expected}`, async () => {
          const id = await inState(status);
          const res = await request(action, id, users[role]!);
          expect(res.statusCode, res.body).toBe(expected);
          const row = await t.db.selectFrom('inbound_notifications').select('status').where('id', '=', id).executeTakeFirstOrThrow();
          if (expected === 200) {
            expect(row.status).toBe(rule.to);
            expect(res.json().status ?? res.json().notification.status).toBe(rule.to);
          } else {
            expect(row.status).toBe(status);
            expect(typeof res.json().detail).toBe('string');
          }
          if (expected === 409) {
            const body = res.json();
            if (action === 'receive' && status === 'cancelled') {
              expect(body.code).toBe('NOTIFICATION_CANCELLED');
              expect(body.detail).toMatch(/wurde storniert – Wareneingang nicht möglich/);
            } else {
              expect(body.code).toBe('NOTIFICATION_STATUS_CONFLICT');
              expect(body.detail).toMatch(/ist im Status „.+“ – .+ ist nicht möglich/);
              expect(body.params).toMatchObject({ status_code: status, status: NOTIFICATION_STATUS_LABELS[status] });
              expect(body.params.action).toBe(NOTIFICATION_ACTION_LABELS[body.params.action_code as keyof typeof NOTIFICATION_ACTION_LABELS]);
            }
          }
        });
      }
    }
  }

  it('cancel keeps the announcement and its items (status change, never a delete)', async () => {
    const id = await inState('announced');
    const res = await request('cancel', id, users.customer_user!);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/inbound-notifications/', headers: auth(t.app, users.customer_user!) });
    expect(list.json().find((n: { id: number }) => n.id === id).status).toBe('cancelled');
  });

  it('edit replaces the items and fields', async () => {
    const id = await inState('announced');
    const res = await request('edit', id, users.customer_user!);
    expect(res.json().reference_number).toBe('geändert');
    expect(res.json().items.map((i: { quantity: number }) => i.quantity)).toEqual([7]);
  });

  it('complete needs every item to have received something', async () => {
    const p2 = await buildProduct(t.db);
    const n = await announce(
      t.app,
      users.customer_user!,
      announcement([
        { ean, quantity: 5 },
        { ean: p2.ean, quantity: 3 },
      ]),
    );
    await setStatus(t.db, n.id, 'receiving');
    await t.db.updateTable('inbound_notification_items').set({ received_quantity: 2 }).where('id', '=', n.items[0].id).execute();
    const res = await request('complete', n.id, users.warehouse_worker!);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOTIFICATION_ITEMS_OPEN');
    expect(res.json().detail).toContain('1 Artikel noch ohne Wareneingang');
  });

  it('complete on an already completed announcement answers it unchanged (queued "Fertig")', async () => {
    const id = await inState('completed');
    const res = await request('complete', id, users.warehouse_worker!);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('completed');
  });
});
