import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateProductRequest, Product, ProductLookupParams, ProductLookupResponse } from '../../../shared/schemas/products';
import { isStaff } from '../../../shared/domain/roles';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { createManualProduct, KeepaLookupCache, lookupProduct } from './service';

/**
 * GET /products/lookup/{ean} (any user: customers use it in the announcement
 * form, but only staff lookups may fall through to Keepa) and POST /products/ (manual product, staff). The catalogue list and
 * edit routes live in features/catalog.
 */
export const productRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db, config }) => {
  const cache = new KeepaLookupCache();

  app.get(
    '/products/lookup/:ean',
    { config: { access: 'user' }, schema: { params: ProductLookupParams, response: { 200: ProductLookupResponse } } },
    async (req) => lookupProduct({ db, config, cache, log: req.log, keepa: isStaff(actorOf(req)) }, req.params.ean),
  );

  app.post('/products/', { config: { access: 'warehouse' }, schema: { body: CreateProductRequest, response: { 201: Product } } }, async (req, reply) => {
    const actor = actorOf(req);
    const product = await db.transaction().execute((trx) => createManualProduct(trx, actor, req.body));
    return reply.status(201).send(product);
  });
};
