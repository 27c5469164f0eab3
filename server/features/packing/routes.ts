import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import {
  ItemDiscrepancyRequest,
  ItemDiscrepancyResponse,
  MarkPackedRequest,
  MarkPackedResponse,
  PackingInfo,
  PackingPalletParams,
  PackingPalletResponse,
} from '../../../shared/schemas/packing';
import { ShipQuery, ShipResponse } from '../../../shared/schemas/shipping';
import { actorOf } from '../../auth/plugin';
import { IDEMPOTENCY_HEADER, IdempotencyHeaders, idempotent, idempotentBody } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { shipOrder } from './dhl-ship';
import { reportItemDiscrepancy } from './discrepancy';
import { getPackingInfo } from './queries';
import { markPacked, scanPackingPallet } from './service';

/**
 * The packing station (spec part 2 §7: packing/pallet, packing-info,
 * mark-packed, ship, item-discrepancy; docs/fulfilment.md "Packing and parcel shipping"). Staff only (customers 403); orders and
 * pallets of customers outside the caller's scope are 404. mark-packed and
 * ship accept an Idempotency-Key: a retry whose first answer got lost is
 * answered from the first call (for DHL: the same labels, no second set).
 */
export const packingRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, config }) => {
  app.get(
    '/outbound-orders/packing/pallet/:barcode',
    { config: { access: 'warehouse' }, schema: { params: PackingPalletParams, response: { 200: PackingPalletResponse } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => scanPackingPallet(trx, actor, req.params.barcode));
    },
  );

  app.get('/outbound-orders/:id/packing-info', { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: PackingInfo } } }, async (req) =>
    getPackingInfo(db, actorOf(req), req.params.id),
  );

  app.post(
    '/outbound-orders/:id/mark-packed',
    {
      config: { access: 'warehouse' },
      schema: { headers: IdempotencyHeaders, params: IdParams, body: MarkPackedRequest, response: { 200: MarkPackedResponse } },
    },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => markPacked(trx, actor, req.params.id, req.body), req.body),
  );

  app.post(
    '/outbound-orders/:id/ship',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, params: IdParams, querystring: ShipQuery, response: { 200: ShipResponse } } },
    async (req, reply) => {
      const warn = (msg: string, data: Record<string, unknown>) => req.log.warn(data, msg);
      const r = await shipOrder(db, { config, warn, idempotencyKey: req.headers[IDEMPOTENCY_HEADER] }, actorOf(req), req.params.id, req.query);
      return idempotentBody(reply, r);
    },
  );

  app.post(
    '/outbound-orders/:id/item-discrepancy',
    { config: { access: 'warehouse' }, schema: { params: IdParams, body: ItemDiscrepancyRequest, response: { 201: ItemDiscrepancyResponse } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const r = await db.transaction().execute((trx) => reportItemDiscrepancy(trx, actor, req.params.id, req.body));
      return reply.code(201).send(r);
    },
  );
};
