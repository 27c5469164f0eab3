import type { FastifyInstance } from 'fastify';
import type { NotificationRequestInput, ReceiveItemInput } from '../../../shared/schemas/inbound';
import type { Db } from '../../../server/db/index';
import { auth } from '../../helpers/factories';

type User = { id: number; role: string };

/** An announcement body with the given items (EAN, quantity). */
export function announcement(
  items: Array<{ ean: string; quantity: number; title?: string }>,
  over: Partial<NotificationRequestInput> = {},
): NotificationRequestInput {
  return {
    expected_date: '2026-12-01',
    expected_date_to: '2026-12-03',
    reference_number: 'LS-4711',
    notes: 'Bitte Rampe 2',
    items: items.map((i, n) => ({ ean: i.ean, title: i.title ?? `Artikel ${n + 1}`, quantity: i.quantity })),
    ...over,
  };
}

export async function announce(app: FastifyInstance, user: User, body: NotificationRequestInput) {
  const res = await app.inject({ method: 'POST', url: '/api/inbound-notifications/', headers: auth(app, user), payload: body });
  if (res.statusCode !== 201) throw new Error(`announce failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; notification_number: string; status: string; items: Array<{ id: number; ean: string; quantity: number }> };
}

export async function confirm(app: FastifyInstance, staff: User, id: number) {
  return app.inject({ method: 'PATCH', url: `/api/inbound-notifications/${id}/confirm`, headers: auth(app, staff) });
}

export async function receive(app: FastifyInstance, staff: User, id: number, items: ReceiveItemInput[], headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/inbound-notifications/${id}/receive`, headers: { ...auth(app, staff), ...headers }, payload: { items } });
}

export async function stockOf(db: Db, productId: number, customerId: number): Promise<number> {
  const r = await db
    .selectFrom('stock')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('q'))
    .where('product_id', '=', productId)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(r.q);
}

export async function setStatus(db: Db, id: number, status: 'announced' | 'confirmed' | 'receiving' | 'completed' | 'cancelled'): Promise<void> {
  await db.updateTable('inbound_notifications').set({ status }).where('id', '=', id).execute();
}
