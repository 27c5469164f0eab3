import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OkResponse } from '../../../shared/schemas/common';
import { CreatedWebhook, CreateWebhookRequest, WebhookDelivery, WebhookDeliveryList, WebhookList } from '../../../shared/schemas/webhooks';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import * as svc from './service';

/**
 * Webhooks of a customer's shop (docs/integrations.md "Webhooks"). Declared `user`:
 * the service lets an admin or the customer's own users (and keys) through, and
 * answers other staff 403 and customers outside the scope 404.
 */
export const webhookRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, config }) => {
  app.get('/customers/:id/webhooks', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: WebhookList } } }, async (req) =>
    svc.listWebhooks(db, actorOf(req), req.params.id),
  );

  app.post(
    '/customers/:id/webhooks',
    { config: { access: 'user' }, schema: { params: IdParams, body: CreateWebhookRequest, response: { 201: CreatedWebhook } } },
    async (req, reply) => reply.status(201).send(await svc.createWebhook(db, config, actorOf(req), req.params.id, req.body)),
  );

  app.delete('/webhooks/:id', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: OkResponse } } }, async (req) => {
    await db.transaction().execute((trx) => svc.deleteWebhook(trx, actorOf(req), req.params.id));
    return { ok: true as const };
  });

  app.get('/webhooks/:id/deliveries', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: WebhookDeliveryList } } }, async (req) =>
    svc.listDeliveries(db, actorOf(req), req.params.id),
  );

  app.post('/webhooks/:id/test', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: WebhookDelivery } } }, async (req) =>
    svc.sendTest(db, config, actorOf(req), req.params.id),
  );
};
