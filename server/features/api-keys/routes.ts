import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiKeyList, CreatedApiKey, CreateApiKeyRequest } from '../../../shared/schemas/api-keys';
import { IdParams, OkResponse } from '../../../shared/schemas/common';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import * as svc from './service';

/**
 * API keys of a customer's shop (docs/operations.md "API keys"). Declared `user`:
 * the service lets an admin or the customer's own users (and keys) through, and
 * answers other staff 403 and customers outside the scope 404.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/customers/:id/api-keys', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: ApiKeyList } } }, async (req) =>
    svc.listApiKeys(db, actorOf(req), req.params.id),
  );

  app.post(
    '/customers/:id/api-keys',
    { config: { access: 'user' }, schema: { params: IdParams, body: CreateApiKeyRequest, response: { 201: CreatedApiKey } } },
    async (req, reply) => reply.status(201).send(await db.transaction().execute((trx) => svc.createApiKey(trx, actorOf(req), req.params.id, req.body))),
  );

  app.delete('/api-keys/:id', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: OkResponse } } }, async (req) => {
    await db.transaction().execute((trx) => svc.revokeApiKey(trx, actorOf(req), req.params.id));
    return { ok: true as const };
  });
};
