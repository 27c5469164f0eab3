import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AlertsQuery, AlertsSummary, StatusLogList, StatusLogQuery } from '../../../shared/schemas/status-logs';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { alertsSummary } from './alerts';
import { listStatusLogs } from './queries';

/**
 * The picking and packing logs (/status-logs screen, admin) and the alerts
 * summary of the staff dashboard (README "Alerts"). Customers get 403 from the
 * access levels; a staff user limited to some customers sees their events only.
 */
export const statusLogRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  for (const logType of ['picking', 'packing'] as const) {
    app.get(
      `/status-logs/${logType}`,
      { config: { access: 'admin' }, schema: { querystring: StatusLogQuery, response: { 200: StatusLogList } } },
      async (req) => listStatusLogs(db, logType, req.query, actorOf(req).scope),
    );
  }

  app.get(
    '/status-logs/alerts/summary',
    { config: { access: 'warehouse' }, schema: { querystring: AlertsQuery, response: { 200: AlertsSummary } } },
    async (req) => alertsSummary(db, req.query.hours_back, actorOf(req).scope),
  );
};
