import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import { PickingList, PickRequest, PickResponse, RollingPickingList, ShortageRequest, ShortageResponse } from '../../../shared/schemas/picking';
import { SaveProgressRequest, WaveOrderIdArray, WaveProgress } from '../../../shared/schemas/waves';
import { actorOf } from '../../auth/plugin';
import { IdempotencyHeaders, idempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { pickingList, rollingPickingList } from './lists';
import { pick, reportShortage } from './picks';
import { getProgress, saveProgress } from './progress';

/** Pick lists, picks, shortages and the picker's screen position (spec part 2 §7; docs/fulfilment.md). Staff only. */
export const pickingRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/outbound-orders/:id/picking-list', { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: PickingList } } }, async (req) =>
    pickingList(db, actorOf(req), req.params.id),
  );

  app.post(
    '/outbound-orders/rolling-picking-list',
    { config: { access: 'warehouse' }, schema: { body: WaveOrderIdArray, response: { 200: RollingPickingList } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => rollingPickingList(trx, actor, req.body));
    },
  );

  app.post(
    '/picking-waves/:id/pick',
    { config: { access: 'warehouse' }, schema: { params: IdParams, headers: IdempotencyHeaders, body: PickRequest, response: { 200: PickResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => pick(trx, actor, req.params.id, req.body), req.body),
  );

  app.post(
    '/picking-waves/:id/shortage',
    { config: { access: 'warehouse' }, schema: { params: IdParams, headers: IdempotencyHeaders, body: ShortageRequest, response: { 200: ShortageResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => reportShortage(trx, actor, req.params.id, req.body), req.body),
  );

  app.get('/picking-waves/:id/get-progress', { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: WaveProgress } } }, async (req) =>
    getProgress(db, actorOf(req), req.params.id),
  );

  app.post(
    '/picking-waves/:id/save-progress',
    { config: { access: 'warehouse' }, schema: { params: IdParams, body: SaveProgressRequest, response: { 200: WaveProgress } } },
    async (req) => {
      const actor = actorOf(req);
      return db.transaction().execute((trx) => saveProgress(trx, actor, req.params.id, req.body));
    },
  );
};
