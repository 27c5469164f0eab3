import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  CatalogProduct,
  EnrichAllResponse,
  type EnrichJobResult,
  EnrichResponse,
  ProductListQuery,
  ProductListResponse,
  UpdateProductRequest,
} from '../../../shared/schemas/catalog';
import { IdParams } from '../../../shared/schemas/common';
import { actorOf } from '../../auth/plugin';
import { AppError } from '../../errors';
import { keepaApiKey } from '../../integrations/keepa';
import { ENRICH_JOB_KIND, emptyEnrichResult } from '../../jobs/keepa-enrich';
import type { FeatureDeps } from '../types';
import { enrichOne, listProducts, updateProduct } from './service';

/** Produktverwaltung (admin). Lookup and manual creation live in features/products. */
export const catalogRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, config, jobs }) => {
  app.get('/products/', { config: { access: 'admin' }, schema: { querystring: ProductListQuery, response: { 200: ProductListResponse } } }, async (req) =>
    listProducts(db, req.query),
  );

  app.put(
    '/products/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, body: UpdateProductRequest, response: { 200: CatalogProduct } } },
    async (req) => db.transaction().execute((trx) => updateProduct(trx, req.params.id, req.body)),
  );

  app.post('/products/:id/enrich-from-keepa', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: EnrichResponse } } }, async (req) =>
    enrichOne(db, config, req.params.id),
  );

  /** Starts (or joins) the background enrichment of every product with missing data. */
  app.post(
    '/products/enrich-all-from-keepa',
    { config: { access: 'admin' }, schema: { response: { 200: EnrichAllResponse, 202: EnrichAllResponse } } },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!(await keepaApiKey(db, config))) throw new AppError('KEEPA_NOT_CONFIGURED');
      const running = await db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', ENRICH_JOB_KIND)
        .where('status', 'in', ['queued', 'running'])
        .orderBy('id')
        .executeTakeFirst();
      if (running) {
        const r = { ...emptyEnrichResult(), ...((running.result as Partial<EnrichJobResult> | null) ?? {}) };
        return reply.status(202).send({
          summary: { enriched: r.enriched, failed: r.failed },
          action_required: false,
          job_id: running.id,
          total: running.total,
          message: 'Die Anreicherung läuft bereits',
        });
      }
      const ids = await db
        .selectFrom('products')
        .select('id')
        .where(sql<boolean>`(weight_kg IS NULL OR length_cm IS NULL OR width_cm IS NULL OR height_cm IS NULL OR image_url IS NULL OR image_url = '')`)
        .orderBy('id')
        .execute();
      if (ids.length === 0) {
        return reply
          .status(200)
          .send({ summary: { enriched: 0, failed: 0 }, action_required: false, job_id: null, total: 0, message: 'Alle Produkte sind bereits vollständig' });
      }
      const job = await jobs.enqueue(
        ENRICH_JOB_KIND,
        { product_ids: ids.map((i) => i.id) },
        { total: ids.length, createdBy: actor.id, result: emptyEnrichResult() },
      );
      return reply.status(202).send({
        summary: { enriched: 0, failed: 0 },
        action_required: false,
        job_id: job.id,
        total: ids.length,
        message: `Anreicherung von ${ids.length} Produkten gestartet`,
      });
    },
  );
};
