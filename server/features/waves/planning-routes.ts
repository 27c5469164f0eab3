import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailableOrdersQuery, AvailableOrdersResponse, SuggestQuery, SuggestResponse } from '../../../shared/schemas/wave-planning';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { suggestWaveGroups } from './planning';
import { listAvailableOrders } from './planning-queries';

/**
 * Wave planning for the wave builder (spec part 2 §2 "Wave builder", §7):
 * suggestions and the manual panel's order list. Staff only; both read the
 * same candidate set in the actor's customer scope. The suggestion is a POST
 * (spec) although it changes nothing: it computes, it does not create a wave.
 */
export const wavePlanningRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.post(
    '/picking-waves/suggest',
    { config: { access: 'warehouse' }, schema: { querystring: SuggestQuery, response: { 200: SuggestResponse } } },
    async (req) => suggestWaveGroups(db, actorOf(req), req.query),
  );

  app.get(
    '/picking-waves/available-orders',
    { config: { access: 'warehouse' }, schema: { querystring: AvailableOrdersQuery, response: { 200: AvailableOrdersResponse } } },
    async (req) => ({ orders: await listAvailableOrders(db, actorOf(req), req.query) }),
  );
};
