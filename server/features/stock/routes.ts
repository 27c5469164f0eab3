import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InboundRequest,
  InboundResponse,
  InventorySearchRequest,
  InventorySearchResponse,
  MovementsQuery,
  MovementsResponse,
  OutboundLookupRequest,
  OutboundLookupResponse,
  OutboundRequest,
  OutboundResponse,
} from '../../../shared/schemas/stock';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { InboundBatcher } from './inbound-batch';
import { IDEMPOTENCY_HEADER, IdempotencyHeaders, idempotentBody, runIdempotent } from '../../http-idempotency';
import { listMovements, outboundLookup, searchInventory } from './reads';
import { bookInbound, bookOutbound } from './service';

/** Scan-based stock (spec part 1: Einlagern, Auslagern, Suche, Bewegungshistorie). Staff only. */
export const stockRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  const inbound = new InboundBatcher(db);
  app.post(
    '/inbound',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, body: InboundRequest, response: { 200: InboundResponse } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const key = req.headers[IDEMPOTENCY_HEADER];
      // The booking is one statement: without a key it needs no transaction around it (no BEGIN/COMMIT round trips),
      // and bookings arriving together share one (group commit, inbound-batch.ts).
      if (!key) return inbound.book(actor, req.body);
      const r = await runIdempotent(db, actor, key, { route: 'POST /inbound', body: req.body }, (trx) => bookInbound(trx, actor, req.body));
      return idempotentBody(reply, r);
    },
  );

  app.post(
    '/outbound/lookup',
    { config: { access: 'warehouse' }, schema: { body: OutboundLookupRequest, response: { 200: OutboundLookupResponse } } },
    async (req) => outboundLookup(db, actorOf(req), req.body.ean),
  );

  app.post(
    '/outbound',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, body: OutboundRequest, response: { 200: OutboundResponse } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const r = await runIdempotent(db, actor, req.headers[IDEMPOTENCY_HEADER], { route: 'POST /outbound', body: req.body }, (trx) =>
        bookOutbound(trx, actor, req.body),
      );
      return idempotentBody(reply, r);
    },
  );

  app.post(
    '/inventory/search',
    { config: { access: 'warehouse' }, schema: { body: InventorySearchRequest, response: { 200: InventorySearchResponse } } },
    async (req) => searchInventory(db, actorOf(req), req.body),
  );

  app.get('/movements', { config: { access: 'warehouse' }, schema: { querystring: MovementsQuery, response: { 200: MovementsResponse } } }, async (req) =>
    listMovements(db, actorOf(req), req.query),
  );
};
