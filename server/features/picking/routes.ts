import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../../shared/schemas/common';
import { PickingList, PickRequest, PickResponse, RollingPickingList, ShortageRequest, ShortageResponse } from '../../../shared/schemas/picking';
import { SaveProgressRequest, WaveOrderIdArray, WaveProgress } from '../../../shared/schemas/waves';
import { actorOf } from '../../auth/plugin';
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, runIdempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { pickingList, rollingPickingList } from './lists';
import { pick, reportShortage } from './picks';
import { getProgress, saveProgress } from './progress';

/** Optional Idempotency-Key on the booking calls; other headers pass through untouched. */
const BookingHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH).optional(),
});

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
    { config: { access: 'warehouse' }, schema: { params: IdParams, headers: BookingHeaders, body: PickRequest, response: { 200: PickResponse } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const route = `POST /picking-waves/${req.params.id}/pick`;
      const r = await runIdempotent(db, actor, req.headers[IDEMPOTENCY_HEADER], { route, body: req.body }, (trx) => pick(trx, actor, req.params.id, req.body));
      if (r.replayed) reply.header('idempotent-replayed', 'true');
      return r.body;
    },
  );

  app.post(
    '/picking-waves/:id/shortage',
    { config: { access: 'warehouse' }, schema: { params: IdParams, headers: BookingHeaders, body: ShortageRequest, response: { 200: ShortageResponse } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const route = `POST /picking-waves/${req.params.id}/shortage`;
      const r = await runIdempotent(db, actor, req.headers[IDEMPOTENCY_HEADER], { route, body: req.body }, (trx) =>
        reportShortage(trx, actor, req.params.id, req.body),
      );
      if (r.replayed) reply.header('idempotent-replayed', 'true');
      return r.body;
    },
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
