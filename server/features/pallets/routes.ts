import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disposablePdfFileName } from '../../../shared/domain/pallets';
import { IdParams } from '../../../shared/schemas/common';
import { LabelFormatQuery } from '../../../shared/schemas/labels';
import {
  CreatePalletQuery,
  DisposableListQuery,
  DisposablePallet,
  DisposablePalletList,
  DisposableStats,
  GenerateDisposableRequest,
  Pallet,
  PalletBarcodeParams,
  PalletList,
  SetPalletActiveQuery,
} from '../../../shared/schemas/pallets';
import { actorOf } from '../../auth/plugin';
import { labelHeaders, resolveLabelOutput } from '../../labels/output';
import type { FeatureDeps } from '../types';
import * as disp from './disposable-service';
import { type PalletLabel, renderPalletLabelsPdf } from './labels';
import { renderPalletLabelsZpl } from './labels-zpl';
import * as svc from './service';

/** The labels as PDF (A6) or ZPL (docs/integrations.md "Label printers (ZPL)"). */
const renderLabels = async (format: 'pdf' | 'zpl', labels: PalletLabel[], title: string) =>
  format === 'zpl' ? renderPalletLabelsZpl(labels) : renderPalletLabelsPdf(labels, title);

/**
 * Reusable pallets (/pallets, admin screen) and disposable pallet barcodes
 * (/disposable-pallet-barcodes, admin screen). Lookup, claim and release by
 * barcode are for every warehouse role: pickers scan pallets.
 */
export const palletRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/pallets/', { config: { access: 'admin' }, schema: { response: { 200: PalletList } } }, async () => svc.listPallets(db));

  app.get('/pallets/:barcode', { config: { access: 'warehouse' }, schema: { params: PalletBarcodeParams, response: { 200: Pallet } } }, async (req) =>
    svc.getPalletByBarcode(db, req.params.barcode),
  );

  app.post('/pallets/', { config: { access: 'admin' }, schema: { querystring: CreatePalletQuery, response: { 201: Pallet } } }, async (req, reply) =>
    reply.status(201).send(await db.transaction().execute((trx) => svc.createPallet(trx, req.query))),
  );

  app.patch(
    '/pallets/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, querystring: SetPalletActiveQuery, response: { 200: Pallet } } },
    async (req) => db.transaction().execute((trx) => svc.setPalletActive(trx, req.params.id, req.query.active)),
  );

  // ?format=zpl (or the setting label_output) gives the ZPL file under the same path.
  app.get('/pallets/:id/label.pdf', { config: { access: 'admin' }, schema: { params: IdParams, querystring: LabelFormatQuery } }, async (req, reply) => {
    const p = await svc.getPalletById(db, req.params.id);
    const format = await resolveLabelOutput(db, req.query.format);
    const body = await renderLabels(format, [{ barcode: p.barcode, heading: 'Mehrwegpalette', caption: p.name }], `Palette ${p.barcode}`);
    return reply.headers(labelHeaders(format, `palette-${p.barcode}`, 'inline')).send(body);
  });

  app.post('/pallets/:barcode/claim', { config: { access: 'warehouse' }, schema: { params: PalletBarcodeParams, response: { 200: Pallet } } }, async (req) =>
    db.transaction().execute((trx) => svc.claimPallet(trx, actorOf(req), req.params.barcode)),
  );

  // A pallet claimed by hand and not used for a wave goes back to the pool.
  app.post('/pallets/:barcode/release', { config: { access: 'warehouse' }, schema: { params: PalletBarcodeParams, response: { 200: Pallet } } }, async (req) =>
    db.transaction().execute((trx) => svc.releasePallet(trx, req.params.barcode)),
  );

  app.get(
    '/disposable-pallets/',
    { config: { access: 'admin' }, schema: { querystring: DisposableListQuery, response: { 200: DisposablePalletList } } },
    async (req) => disp.listDisposable(db, actorOf(req).scope, req.query.limit),
  );

  app.get('/disposable-pallets/stats', { config: { access: 'admin' }, schema: { response: { 200: DisposableStats } } }, async () => disp.disposableStats(db));

  // Pickers scan DISP- labels on the picking screen: the lookup by barcode is for every warehouse role.
  app.get(
    '/disposable-pallets/barcode/:barcode',
    { config: { access: 'warehouse' }, schema: { params: PalletBarcodeParams, response: { 200: DisposablePallet } } },
    async (req) => disp.getDisposableByBarcode(db, actorOf(req).scope, req.params.barcode),
  );

  app.post(
    '/disposable-pallets/generate-and-download-pdf',
    { config: { access: 'admin' }, schema: { body: GenerateDisposableRequest, querystring: LabelFormatQuery } },
    async (req, reply) => {
      const { count } = req.body;
      const format = await resolveLabelOutput(db, req.query.format);
      const codes = await db.transaction().execute((trx) => disp.generateDisposable(trx, count));
      const body = await renderLabels(
        format,
        codes.map((barcode) => ({ barcode, heading: 'Einwegpalette' })),
        `Einwegpaletten (${count})`,
      );
      return reply.headers({ ...labelHeaders(format, disposablePdfFileName(count), 'attachment'), 'X-Generated-Count': String(codes.length) }).send(body);
    },
  );

  app.post('/disposable-pallets/:id/cancel', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: DisposablePallet } } }, async (req) =>
    db.transaction().execute((trx) => disp.cancelDisposable(trx, actorOf(req).scope, req.params.id)),
  );
};
