import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVOICE_CSV, INVOICE_WORDS } from '../../../shared/i18n/billing';
import { IdParams, OkResponse } from '../../../shared/schemas/common';
import { CreateInvoiceRequest, InvoiceDetail, InvoiceList, InvoiceListQuery } from '../../../shared/schemas/invoices';
import { actorOf } from '../../auth/plugin';
import type { Actor } from '../../auth/actor';
import { CSV_CONTENT_TYPE } from '../../csv';
import type { Db } from '../../db/index';
import { AppError } from '../../errors';
import { contentDisposition } from '../../http-headers';
import type { FeatureDeps } from '../types';
import { invoiceLinesCsv } from './invoice-csv';
import { createInvoice, deleteInvoice, recomputeInvoice } from './invoice-drafts';
import { cancelInvoice, finalizeInvoice } from './invoice-finalize';
import { partiesOf } from './invoice-parties';
import { renderInvoicePdf } from './invoice-pdf';
import { getInvoice, listInvoices } from './invoice-queries';
import { renderXRechnung } from './invoice-xml';

/**
 * Invoices (docs/operations.md "Billing (Abrechnung)"). Writes are the
 * admin's. The reads are declared `user`: the queries let an admin see every
 * invoice in the scope, a customer user or API key its own customer's final
 * and cancelled ones (never a draft), other staff none (404).
 */

/** An invoice with what its documents print: the parties and the number it cancels. */
async function documentData(db: Db, actor: Actor, id: number) {
  const invoice = await getInvoice(db, actor, id);
  const parties = await partiesOf(db, invoice);
  const cancels = invoice.cancels_invoice_id
    ? await db.selectFrom('invoices').select('number').where('id', '=', invoice.cancels_invoice_id).executeTakeFirst()
    : undefined;
  return { invoice, ...parties, cancelsNumber: cancels?.number ?? null };
}

const fileName = (inv: { id: number; number: string | null }) => inv.number ?? INVOICE_WORDS.draftFile(inv.id);

export const invoiceRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/invoices', { config: { access: 'user' }, schema: { querystring: InvoiceListQuery, response: { 200: InvoiceList } } }, async (req) =>
    listInvoices(db, actorOf(req), req.query),
  );

  app.post('/invoices', { config: { access: 'admin' }, schema: { body: CreateInvoiceRequest, response: { 201: InvoiceDetail } } }, async (req, reply) =>
    reply.status(201).send(await db.transaction().execute((trx) => createInvoice(trx, actorOf(req), req.body))),
  );

  app.get('/invoices/:id', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: InvoiceDetail } } }, async (req) =>
    getInvoice(db, actorOf(req), req.params.id),
  );

  app.delete('/invoices/:id', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: OkResponse } } }, async (req) => {
    await db.transaction().execute((trx) => deleteInvoice(trx, actorOf(req), req.params.id));
    return { ok: true as const };
  });

  app.post('/invoices/:id/recompute', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: InvoiceDetail } } }, async (req) =>
    db.transaction().execute((trx) => recomputeInvoice(trx, actorOf(req), req.params.id)),
  );

  app.post('/invoices/:id/finalize', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: InvoiceDetail } } }, async (req) =>
    db.transaction().execute((trx) => finalizeInvoice(trx, actorOf(req), req.params.id)),
  );

  /** Answers the cancellation invoice (201: a new invoice). */
  app.post('/invoices/:id/cancel', { config: { access: 'admin' }, schema: { params: IdParams, response: { 201: InvoiceDetail } } }, async (req, reply) =>
    reply.status(201).send(await db.transaction().execute((trx) => cancelInvoice(trx, actorOf(req), req.params.id))),
  );

  app.get('/invoices/:id/pdf', { config: { access: 'user' }, schema: { params: IdParams } }, async (req, reply) => {
    const data = await documentData(db, actorOf(req), req.params.id);
    return reply
      .headers({ 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition('inline', INVOICE_WORDS.pdfFile(fileName(data.invoice))) })
      .send(await renderInvoicePdf(data));
  });

  app.get('/invoices/:id/xrechnung.xml', { config: { access: 'user' }, schema: { params: IdParams } }, async (req, reply) => {
    const data = await documentData(db, actorOf(req), req.params.id);
    if (data.invoice.status === 'draft') throw new AppError('INVOICE_NOT_FINAL', { id: data.invoice.id });
    return reply
      .headers({
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': contentDisposition('attachment', INVOICE_WORDS.xmlFile(fileName(data.invoice))),
      })
      .send(await renderXRechnung(data));
  });

  app.get('/invoices/:id/lines.csv', { config: { access: 'user' }, schema: { params: IdParams } }, async (req, reply) => {
    const invoice = await getInvoice(db, actorOf(req), req.params.id);
    return reply
      .headers({ 'Content-Type': CSV_CONTENT_TYPE, 'Content-Disposition': contentDisposition('attachment', INVOICE_CSV.file(fileName(invoice))) })
      .send(await invoiceLinesCsv(db, invoice));
  });
};
