import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../types';

export const healthRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app) => {
  // The app is only built after migrations have run, so reaching this route means ready.
  app.get('/health', { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
};
