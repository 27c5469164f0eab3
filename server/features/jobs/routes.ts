import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Job } from '../../../shared/schemas/catalog';
import { IdParams } from '../../../shared/schemas/common';
import { AppError } from '../../errors';
import type { FeatureDeps } from '../types';

/** Progress of a background job (admin screens poll it). */
export const jobRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/jobs/:id', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: Job } } }, async (req) => {
    const j = await db.selectFrom('jobs').selectAll().where('id', '=', req.params.id).executeTakeFirst();
    if (!j) throw new AppError('JOB_NOT_FOUND', { id: req.params.id });
    const result = (j.result ?? null) as { waiting_until?: string | null } | null;
    return {
      id: j.id,
      kind: j.kind,
      status: j.status,
      total: j.total,
      done: j.done,
      succeeded: j.succeeded,
      failed: j.failed,
      result,
      error: j.error,
      created_at: j.created_at,
      started_at: j.started_at,
      finished_at: j.finished_at,
      waiting_until: j.status === 'running' ? (result?.waiting_until ?? null) : null,
    };
  });
};
