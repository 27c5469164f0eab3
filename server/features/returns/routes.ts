import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import {
  CreateReturnRequest,
  ReceiveReturnItemRequest,
  ReceiveReturnItemResponse,
  ReturnDetail,
  ReturnList,
  ReturnListQuery,
  ReturnableQuery,
  ReturnLookupQuery,
  ReturnLookupResponse,
  ReturnsWaiting,
} from '../../../shared/schemas/returns';
import { actorOf } from '../../auth/plugin';
import { IdempotencyHeaders, idempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { listReturns, returnDetail, waitingReturns } from './queries';
import { receiveReturnItem } from './receive';
import { cancelReturn, completeReturn, createReturn, lookupReturnOrder, returnableForOrder } from './service';

/**
 * Returns (Retouren, docs/operations.md "Returns"). Customers announce and
 * cancel their own; staff do the same for any customer in scope, look parcels
 * up at the dock, receive and complete.
 */
export const returnRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/returns', { config: { access: 'user' }, schema: { querystring: ReturnListQuery, response: { 200: ReturnList } } }, async (req) =>
    listReturns(db, actorOf(req), req.query),
  );
  app.get('/returns/waiting', { config: { access: 'warehouse' }, schema: { response: { 200: ReturnsWaiting } } }, async (req) =>
    waitingReturns(db, actorOf(req)),
  );
  app.get(
    '/returns/lookup',
    { config: { access: 'warehouse' }, schema: { querystring: ReturnLookupQuery, response: { 200: ReturnLookupResponse } } },
    async (req) => lookupReturnOrder(db, actorOf(req), req.query.code),
  );
  app.get(
    '/returns/returnable',
    { config: { access: 'user' }, schema: { querystring: ReturnableQuery, response: { 200: ReturnLookupResponse } } },
    async (req) => returnableForOrder(db, actorOf(req), req.query.outbound_order_id),
  );
  app.get('/returns/:id', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: ReturnDetail } } }, async (req) =>
    returnDetail(db, actorOf(req), req.params.id),
  );
  app.post(
    '/returns',
    { config: { access: 'user' }, schema: { headers: IdempotencyHeaders, body: CreateReturnRequest, response: { 200: ReturnDetail } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => createReturn(trx, actor, req.body), req.body),
  );
  app.post(
    '/returns/:id/receive-item',
    {
      config: { access: 'warehouse' },
      schema: { headers: IdempotencyHeaders, params: IdParams, body: ReceiveReturnItemRequest, response: { 200: ReceiveReturnItemResponse } },
    },
    async (req, reply) =>
      idempotent(db, req, reply, (trx, actor) => receiveReturnItem(trx, actor, req.params.id, req.body), { id: req.params.id, ...req.body }),
  );
  app.post('/returns/:id/complete', { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: ReturnDetail } } }, async (req) =>
    db.transaction().execute((trx) => completeReturn(trx, actorOf(req), req.params.id)),
  );
  app.post('/returns/:id/cancel', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: ReturnDetail } } }, async (req) =>
    db.transaction().execute((trx) => cancelReturn(trx, actorOf(req), req.params.id)),
  );
};
