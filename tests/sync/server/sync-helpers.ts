import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Mutation, PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../../sync/protocol';
import type { Db } from '../../../server/db/index';
import { auth } from '../../helpers/factories';

/** Device-side helpers for the server protocol tests. */

export const newClientId = () => `dev-${randomUUID()}`;

type UserRef = { id: number; role: string };

export function push(
  app: FastifyInstance,
  user: UserRef,
  clientId: string,
  mutations: Mutation[],
  over: { protocolVersion?: number; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: over.headers ?? auth(app, user),
    payload: { protocolVersion: over.protocolVersion ?? PROTOCOL_VERSION, schemaVersion: WORKING_SET_SCHEMA_VERSION, clientId, mutations },
  });
}

export function pull(app: FastifyInstance, user: UserRef, clientId: string, cookie: number | null, schemaVersion = WORKING_SET_SCHEMA_VERSION) {
  return app.inject({ method: 'POST', url: '/api/sync/pull', headers: auth(app, user), payload: { clientId, cookie, schemaVersion } });
}

export const mutation = (id: number, name: string, args: unknown, userId?: number, createdAt?: string): Mutation => ({
  id,
  name,
  args,
  ...(userId !== undefined ? { userId } : {}),
  createdAt: createdAt ?? new Date().toISOString(),
});

export const inbound = (id: number, userId: number, args: { ean: string; quantity: number; location_barcode: string; customer_id: number; notes?: string }) =>
  mutation(id, 'stock.inbound', args, userId);

export const outbound = (id: number, userId: number, args: { ean: string; quantity: number; location_barcode: string; customer_id?: number; notes?: string }) =>
  mutation(id, 'stock.outbound', args, userId);

/** An HS256 token that expired a minute ago (what a device holds after a long offline shift). */
export function expiredToken(secret: string, user: UserRef): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(user.id), role: user.role, iat: now - 13 * 3600, exp: now - 60 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** An order of one line straight in the database (no reservation), for the working-set tests. */
export async function insertOrder(db: Db, o: { customerId: number; productId: number; status: 'confirmed' | 'shipped'; number: string }) {
  const order = await db
    .insertInto('outbound_orders')
    .values({
      order_number: o.number,
      customer_id: o.customerId,
      status: o.status,
      delivery_name: 'A',
      delivery_address: 'B 1',
      delivery_city: 'C',
      delivery_postal_code: '12345',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await db
    .insertInto('outbound_order_items')
    .values({ order_id: order.id, product_id: o.productId, quantity: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { orderId: order.id, itemId: item.id };
}
