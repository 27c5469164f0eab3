import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderImportBody, OrderImportPreview, OrderImportQuery, OrderImportResult } from '../../../shared/schemas/order-import';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import { importOrders } from './service';

/** Largest import file (about 5000 rows of a shop's export). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * CSV order import (docs/integrations.md "CSV order import"). The text/csv
 * parser is registered in this plugin only, so no other route takes CSV.
 * Customer users and API keys import for their own customer; staff name it
 * with ?customer_id= (the same rules as POST /outbound-orders).
 */
export const orderImportRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body));

  app.post(
    '/outbound-orders/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      config: { access: 'user' },
      schema: {
        consumes: ['text/csv'],
        querystring: OrderImportQuery,
        body: OrderImportBody,
        response: { 200: OrderImportPreview, 201: OrderImportResult },
      },
    },
    async (req, reply) => {
      const out = await importOrders(db, actorOf(req), req.body, req.query);
      return 'created' in out ? reply.status(201).send(out) : reply.status(200).send(out);
    },
  );
};
