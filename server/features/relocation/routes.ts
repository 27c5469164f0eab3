import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RelocationRequest, RelocationResponse } from '../../../shared/schemas/relocation';
import { IdempotencyHeaders, idempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { relocate } from './service';

/** Umlagern (docs/operations.md "Relocation"). Staff only. */
export const relocationRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.post(
    '/relocations',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, body: RelocationRequest, response: { 200: RelocationResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => relocate(trx, actor, req.body), req.body),
  );
};
