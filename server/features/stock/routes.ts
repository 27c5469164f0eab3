import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InboundRequest,
  InboundResponse,
  InventorySearchRequest,
  InventorySearchResponse,
  MovementsFilter,
  MovementsQuery,
  MovementsResponse,
  OutboundLookupRequest,
  OutboundLookupResponse,
  OutboundRequest,
  OutboundResponse,
} from '../../../shared/schemas/stock';
import { Readable } from 'node:stream';
import { MOVEMENTS_CSV } from '../../../shared/i18n/stock-adjustment';
import { actorOf } from '../../auth/plugin';
import { CSV_CONTENT_TYPE } from '../../csv';
import { contentDisposition } from '../../http-headers';
import { IdempotencyHeaders, idempotent, idempotentBody, keyedRequest } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { InboundBatcher } from './inbound-batch';
import { listMovements, movementsCsv } from './movements';
import { outboundLookup, searchInventory } from './reads';
import { bookOutbound } from './service';

/** Scan-based stock (spec part 1: Einlagern, Auslagern, Suche, Bewegungshistorie). Staff only. */
export const stockRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  const inbound = new InboundBatcher(db);
  app.post(
    '/inbound',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, body: InboundRequest, response: { 200: InboundResponse } } },
    async (req, reply) => {
      // The booking is one statement: it needs no transaction around it (no BEGIN/COMMIT round trips), a key row is
      // written by the same statement, and bookings arriving together share one (group commit, inbound-batch.ts).
      const keyed = keyedRequest(req, req.body);
      if (!keyed) return inbound.book(actorOf(req), req.body);
      return idempotentBody(reply, await inbound.bookKeyed(actorOf(req), req.body, keyed));
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
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => bookOutbound(trx, actor, req.body), req.body),
  );

  app.post(
    '/inventory/search',
    { config: { access: 'warehouse' }, schema: { body: InventorySearchRequest, response: { 200: InventorySearchResponse } } },
    async (req) => searchInventory(db, actorOf(req), req.body),
  );

  app.get('/movements', { config: { access: 'warehouse' }, schema: { querystring: MovementsQuery, response: { 200: MovementsResponse } } }, async (req) =>
    listMovements(db, actorOf(req), req.query),
  );

  // The whole filtered history as CSV (docs/operations.md "Stock bookings"), streamed in keyset chunks.
  app.get('/movements.csv', { config: { access: 'warehouse' }, schema: { querystring: MovementsFilter } }, async (req, reply) => {
    const csv = await movementsCsv(db, actorOf(req), req.query);
    return reply
      .headers({
        'Content-Type': CSV_CONTENT_TYPE,
        'Content-Disposition': contentDisposition('attachment', MOVEMENTS_CSV.filename),
        'Cache-Control': 'no-store',
      })
      .send(Readable.from(csv));
  });
};
