import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import { DeliveryAddressPatch, OrderListQuery, OrderPage, OrderRequest, OutboundOrder } from '../../../shared/schemas/orders';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { getOrder, listOrders } from './queries';
import { cancelOrder, completeOrder, completePicking, confirmOrder, createOrder, startPicking, updateDeliveryAddress, updateOrder } from './service';

/**
 * Outbound orders (spec part 2 §7 "Outbound orders"). Customer users see and
 * change only their own orders; staff see every customer in their scope.
 * Who may do what in which state: shared/domain/order-status.ts, enforced in
 * the service.
 */
export const outboundOrderRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/outbound-orders/', { config: { access: 'user' }, schema: { querystring: OrderListQuery, response: { 200: OrderPage } } }, async (req) =>
    listOrders(db, actorOf(req), req.query),
  );

  app.post('/outbound-orders/', { config: { access: 'user' }, schema: { body: OrderRequest, response: { 201: OutboundOrder } } }, async (req, reply) => {
    const actor = actorOf(req);
    const o = await db.transaction().execute((trx) => createOrder(trx, actor, req.body));
    return reply.status(201).send(o);
  });

  app.get('/outbound-orders/:id', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: OutboundOrder } } }, async (req) =>
    getOrder(db, actorOf(req), req.params.id),
  );

  app.patch(
    '/outbound-orders/:id',
    { config: { access: 'user' }, schema: { params: IdParams, body: OrderRequest, response: { 200: OutboundOrder } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => updateOrder(trx, actor, req.params.id, req.body));
    },
  );

  app.patch(
    '/outbound-orders/:id/delivery-address',
    { config: { access: 'warehouse' }, schema: { params: IdParams, body: DeliveryAddressPatch, response: { 200: OutboundOrder } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => updateDeliveryAddress(trx, actor, req.params.id, req.body));
    },
  );

  const commands = [
    ['confirm', confirmOrder],
    ['start-picking', startPicking],
    ['complete-picking', completePicking],
    // shipped → completed; the status machine lets only admin and warehouse_manager (403 for workers).
    ['complete', completeOrder],
  ] as const;
  for (const [path, command] of commands) {
    app.post(
      `/outbound-orders/:id/${path}`,
      { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: OutboundOrder } } },
      async (req) => {
        const actor = actorOf(req);
        return db.transaction().execute((trx) => command(trx, actor, req.params.id));
      },
    );
  }

  // Customers (while new) and staff (until packed); the status machine decides.
  app.post('/outbound-orders/:id/cancel', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: OutboundOrder } } }, async (req) => {
    const actor = actorOf(req);
    return db.transaction().execute((trx) => cancelOrder(trx, actor, req.params.id));
  });
};
