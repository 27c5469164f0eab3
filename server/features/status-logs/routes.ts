import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECENT_PER_LOG, RECENT_SHOWN } from '../../../shared/domain/analytics';
import { AlertsQuery, AlertsSummary, Analytics, AnalyticsQuery, StatusLogList, StatusLogQuery } from '../../../shared/schemas/status-logs';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { alertsSummary } from './alerts';
import { pickPackAnalytics } from './analytics';
import { listStatusLogs, recentActivity } from './queries';

/**
 * The picking and packing logs (/status-logs screen, admin) and the alerts
 * summary, the Pick & Pack analytics and the recent activity of the staff
 * dashboard (docs/operations.md "Alerts", "Analytics"). Customers get 403 from the
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
  app.get('/status-logs/analytics', { config: { access: 'warehouse' }, schema: { querystring: AnalyticsQuery, response: { 200: Analytics } } }, async (req) =>
    pickPackAnalytics(db, req.query.range, actorOf(req).scope),
  );

  /** Recent Activity: the newest entries of both logs for every staff user (the full logs are admin-only). */
  app.get('/status-logs/recent', { config: { access: 'warehouse' }, schema: { response: { 200: StatusLogList } } }, async (req) =>
    recentActivity(db, actorOf(req).scope, RECENT_PER_LOG, RECENT_SHOWN),
  );
};
