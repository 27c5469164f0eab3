import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../features/types';
import { latency } from './latency';

/** GET /api/diagnostics/latency: the latency profile (./latency.ts); registered only with LATENCY_PROFILE=true. */
export const diagnosticsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app) => {
  app.get(
    '/diagnostics/latency',
    { config: { access: 'warehouse' }, schema: { querystring: z.object({ reset: z.enum(['true', 'false']).optional() }) } },
    async (req) => {
      const snapshot = latency.snapshot();
      if (req.query.reset === 'true') latency.reset();
      return snapshot;
    },
  );
};
