import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StockAdjustmentRequest, StockAdjustmentResponse } from '../../../shared/schemas/stock-adjustment';
import { IdempotencyHeaders, idempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { adjustStock } from './service';

/** Bestandskorrektur (docs/operations.md "Stock corrections"). Admins and warehouse managers only. */
export const stockAdjustmentRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.post(
    '/stock-adjustments',
    { config: { access: 'manager' }, schema: { headers: IdempotencyHeaders, body: StockAdjustmentRequest, response: { 200: StockAdjustmentResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => adjustStock(trx, actor, req.body), req.body),
  );
};
