import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import {
  FreightEmailTemplate,
  FreightQuotationList,
  RequestFreightQuote,
  RequestFreightQuoteResponse,
  SaveFreightQuote,
  SaveFreightQuoteResponse,
  ShipFreight,
} from '../../../shared/schemas/freight';
import { LabelFormatQuery } from '../../../shared/schemas/labels';
import { ShipResponse } from '../../../shared/schemas/shipping';
import { FREIGHT_LABEL } from '../../../shared/i18n/freight';
import { actorOf } from '../../auth/plugin';
import { labelHeaders, resolveLabelOutput } from '../../labels/output';
import type { FeatureDeps } from '../types';
import { companyAddress, companySettings, freightLabels } from './documents';
import { freightEmailTemplate } from './email';
import { renderFreightLabelsPdf } from './labels';
import { renderFreightLabelsZpl } from './labels-zpl';
import { freightOrder, listFreightQuotations, requestFreightQuote, saveFreightQuote, shipFreight } from './service';

/**
 * Freight quotations and pallet labels (spec part 2 §7; docs/fulfilment.md "Freight shipping"). Staff
 * only (customer users 403); orders outside the caller's scope are 404.
 * German direct freight ships through the packing station's ship call.
 */
export const freightRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/outbound-orders/freight-quotations', { config: { access: 'warehouse' }, schema: { response: { 200: FreightQuotationList } } }, async (req) =>
    listFreightQuotations(db, actorOf(req)),
  );

  app.post(
    '/outbound-orders/:id/request-freight-quote',
    { config: { access: 'warehouse' }, schema: { params: IdParams, body: RequestFreightQuote, response: { 200: RequestFreightQuoteResponse } } },
    async (req) => db.transaction().execute((trx) => requestFreightQuote(trx, actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/outbound-orders/:id/save-freight-quote',
    { config: { access: 'warehouse' }, schema: { params: IdParams, body: SaveFreightQuote, response: { 200: SaveFreightQuoteResponse } } },
    async (req) => db.transaction().execute((trx) => saveFreightQuote(trx, actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/outbound-orders/:id/ship-freight',
    { config: { access: 'warehouse' }, schema: { params: IdParams, body: ShipFreight, response: { 200: ShipResponse } } },
    async (req) => db.transaction().execute((trx) => shipFreight(trx, actorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/outbound-orders/:id/freight-email-template',
    { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: FreightEmailTemplate } } },
    async (req) => {
      const o = await freightOrder(db, actorOf(req), req.params.id);
      const { status: _status, ...q } = o;
      return { email_template: freightEmailTemplate(q, companyAddress(await companySettings(db))) };
    },
  );

  // PDF or ZPL: ?format= or the setting label_output (docs/integrations.md "Label printers (ZPL)").
  app.get(
    '/outbound-orders/:id/pallet-labels',
    { config: { access: 'warehouse' }, schema: { params: IdParams, querystring: LabelFormatQuery } },
    async (req, reply) => {
      const { orderNumber, labels } = await db.transaction().execute((trx) => freightLabels(trx, actorOf(req), req.params.id));
      const format = await resolveLabelOutput(db, req.query.format);
      const body = format === 'zpl' ? renderFreightLabelsZpl(labels) : await renderFreightLabelsPdf(labels, FREIGHT_LABEL.title(orderNumber));
      return reply.headers(labelHeaders(format, `palettenlabels-${orderNumber}`, 'inline')).send(body);
    },
  );
};
