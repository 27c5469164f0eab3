import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import {
  InboundNotification,
  NotificationList,
  NotificationListQuery,
  NotificationRequest,
  ReceiptDetailList,
  ReceiveRequest,
  ReceiveResponse,
} from '../../../shared/schemas/inbound';
import { actorOf } from '../../auth/plugin';
import { IdempotencyHeaders, idempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { getNotification, listNotifications, listReceipts } from './queries';
import { receiveItems } from './receive';
import { cancelNotification, completeNotification, confirmNotification, createNotification, updateNotification } from './service';
import './working-set';

/**
 * Inbound announcements (spec part 2 §7 "Inbound"). Customer users see and
 * change only their own; staff see every customer in their scope. The state
 * checks live in the service (shared status machine).
 */
export const inboundNotificationRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get(
    '/inbound-notifications/',
    { config: { access: 'user' }, schema: { querystring: NotificationListQuery, response: { 200: NotificationList } } },
    async (req) => listNotifications(db, actorOf(req), req.query),
  );

  app.post(
    '/inbound-notifications/',
    { config: { access: 'user' }, schema: { body: NotificationRequest, response: { 201: InboundNotification } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const n = await db.transaction().execute((trx) => createNotification(trx, actor, req.body));
      return reply.status(201).send(n);
    },
  );

  app.get('/inbound-notifications/:id', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: InboundNotification } } }, async (req) =>
    getNotification(db, actorOf(req), req.params.id),
  );

  app.patch(
    '/inbound-notifications/:id',
    { config: { access: 'user' }, schema: { params: IdParams, body: NotificationRequest, response: { 200: InboundNotification } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => updateNotification(trx, actor, req.params.id, req.body));
    },
  );

  app.patch(
    '/inbound-notifications/:id/confirm',
    { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: InboundNotification } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => confirmNotification(trx, actor, req.params.id));
    },
  );

  app.delete(
    '/inbound-notifications/:id',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: InboundNotification } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => cancelNotification(trx, actor, req.params.id));
    },
  );

  app.get(
    '/inbound-notifications/:id/movements',
    { config: { access: 'user' }, schema: { params: IdParams, response: { 200: ReceiptDetailList } } },
    async (req) => listReceipts(db, actorOf(req), req.params.id),
  );

  app.post(
    '/inbound-notifications/:id/receive',
    {
      config: { access: 'warehouse' },
      schema: { params: IdParams, headers: IdempotencyHeaders, body: ReceiveRequest, response: { 200: ReceiveResponse } },
    },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => receiveItems(trx, actor, req.params.id, req.body.items), req.body),
  );

  app.post(
    '/inbound-notifications/:id/complete',
    { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: InboundNotification } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => completeNotification(trx, actor, req.params.id));
    },
  );
};
