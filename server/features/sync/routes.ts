import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PullRequest, PullResponse, PushErrorResponse, PushRequest, PushResponse } from '../../../sync/protocol';
import { handlePull } from '../../../sync/server/pull';
import { handlePush } from '../../../sync/server/push';
import { SyncRejectionList, SyncRejectionsQuery } from '../../../shared/schemas/sync-rejections';
import { actorOf } from '../../auth/plugin';
import { AppError } from '../../errors';
import type { FeatureDeps } from '../types';
import { Gate, PUSH_IN_FLIGHT } from './push-gate';
import { listSyncRejections } from './rejections';
import { asAppError, pullDeps, pushDeps } from './service';

/**
 * POST /sync/push (staff: customer users have no offline commands yet) and
 * POST /sync/pull (any user, scoped working set). HTTP answers (docs/sync.md):
 * 409 out of order (body: expectedId), 426 app too old, 503 retry later;
 * 401 from the auth guard when the token expired (the device keeps its queue).
 * GET /sync/rejections (staff, like the alerts summary that counts them): the
 * refused bookings of every device, scoped by what their args name (rejections.ts).
 */
export const syncRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, config }) => {
  const push = pushDeps(db, config, undefined, app.log);
  const pull = pullDeps(db);
  const pushes = new Gate(PUSH_IN_FLIGHT);

  app.post(
    '/sync/push',
    {
      config: { access: 'warehouse' },
      bodyLimit: 5 * 1024 * 1024,
      schema: { body: PushRequest, response: { 200: PushResponse, 409: PushErrorResponse, 503: PushErrorResponse } },
    },
    async (req, reply) => {
      const outcome = await pushes
        .run(() => handlePush(push, actorOf(req), req.body))
        .catch((e: unknown) => {
          throw asAppError(e);
        });
      if (outcome.kind === 'outOfOrder') {
        const err = new AppError('SYNC_OUT_OF_ORDER', { expectedId: outcome.body.expectedId, receivedId: req.body.mutations[0]?.id });
        return reply.status(409).send({ ...err.toBody(), ...outcome.body });
      }
      if (outcome.kind === 'unavailable') {
        req.log.error({ err: outcome.error }, 'sync push stopped by an infrastructure failure');
        const err = new AppError('SYNC_UNAVAILABLE', { lastMutationId: outcome.body.lastMutationId });
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ ...err.toBody(), ...outcome.body });
      }
      return outcome.body;
    },
  );

  app.post('/sync/pull', { config: { access: 'user', apiKeys: false }, schema: { body: PullRequest, response: { 200: PullResponse } } }, async (req) =>
    handlePull(pull, actorOf(req), req.body).catch((e: unknown) => {
      throw asAppError(e);
    }),
  );

  app.get(
    '/sync/rejections',
    {
      config: { access: 'warehouse' },
      schema: {
        description: 'Abgelehnte Offline-Buchungen aller Geräte im Zeitraum, neueste zuerst (Warnung sync_rejected).',
        querystring: SyncRejectionsQuery,
        response: { 200: SyncRejectionList },
      },
    },
    async (req) => listSyncRejections(db, req.query, actorOf(req).scope),
  );
};
