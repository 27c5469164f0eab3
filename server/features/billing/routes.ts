import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateCard, StorageSnapshot, StorageSnapshotQuery } from '../../../shared/schemas/billing';
import { IdParams } from '../../../shared/schemas/common';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { getRates, putRates } from './rates';
import { takeStorageSnapshot } from './snapshots';

/** Billing (docs/operations.md "Billing (Abrechnung)"): rate cards and storage snapshots, admin only. */
export const billingRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/customers/:id/rates', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: RateCard } } }, async (req) =>
    getRates(db, actorOf(req), req.params.id),
  );

  app.put('/customers/:id/rates', { config: { access: 'admin' }, schema: { params: IdParams, body: RateCard, response: { 200: RateCard } } }, async (req) =>
    db.transaction().execute((trx) => putRates(trx, actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/billing/storage-snapshots',
    { config: { access: 'admin' }, schema: { querystring: StorageSnapshotQuery, response: { 200: StorageSnapshot } } },
    async (req) => takeStorageSnapshot(db, req.query.date),
  );
};
