import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import {
  BookStocktakeResponse,
  CancelStocktakeResponse,
  CountRequest,
  CountResponse,
  CreateStocktakeRequest,
  CreateStocktakeResponse,
  PlaceDoneResponse,
  StocktakeDetail,
  StocktakeDetailQuery,
  StocktakeList,
  StocktakePlaceParams,
} from '../../../shared/schemas/stocktake';
import { actorOf } from '../../auth/plugin';
import { STOCKTAKE_UI } from '../../../shared/i18n/stocktakes';
import { contentDisposition } from '../../http-headers';
import { IdempotencyHeaders, idempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { bookStocktake } from './book';
import { countStock, placeDone } from './counts';
import { getStocktake, listStocktakes, stocktakeCsv } from './queries';
import { cancelStocktake, createStocktake } from './service';
import { renderStocktakeSheet, stocktakeSheetData } from './sheet';

/**
 * Stocktake (Inventur, docs/operations.md "Stocktake"): warehouse-internal,
 * staff only. Create, book and cancel: admin and warehouse_manager; counting
 * and "Platz fertig": every warehouse role.
 */
export const stocktakeRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/stocktakes', { config: { access: 'warehouse' }, schema: { response: { 200: StocktakeList } } }, async (req) => listStocktakes(db, actorOf(req)));

  app.post(
    '/stocktakes',
    { config: { access: 'manager' }, schema: { headers: IdempotencyHeaders, body: CreateStocktakeRequest, response: { 201: CreateStocktakeResponse } } },
    async (req, reply) => reply.status(201).send(await idempotent(db, req, reply, (trx, actor) => createStocktake(trx, actor, req.body), req.body)),
  );

  app.get(
    '/stocktakes/:id',
    { config: { access: 'warehouse' }, schema: { params: IdParams, querystring: StocktakeDetailQuery, response: { 200: StocktakeDetail } } },
    async (req) => getStocktake(db, actorOf(req), req.params.id, req.query),
  );

  app.post(
    '/stocktakes/:id/counts',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, params: IdParams, body: CountRequest, response: { 200: CountResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => countStock(trx, actor, req.params.id, req.body), req.body),
  );

  app.post(
    '/stocktakes/:id/places/:barcode/done',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, params: StocktakePlaceParams, response: { 200: PlaceDoneResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => placeDone(trx, actor, req.params.id, req.params.barcode)),
  );

  // A second book without the key answers 409 (already booked); with the same Idempotency-Key the first answer again.
  app.post(
    '/stocktakes/:id/book',
    { config: { access: 'manager' }, schema: { headers: IdempotencyHeaders, params: IdParams, response: { 200: BookStocktakeResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => bookStocktake(trx, actor, req.params.id)),
  );

  app.post(
    '/stocktakes/:id/cancel',
    { config: { access: 'manager' }, schema: { headers: IdempotencyHeaders, params: IdParams, response: { 200: CancelStocktakeResponse } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => cancelStocktake(trx, actor, req.params.id)),
  );

  app.get('/stocktakes/:id/report.csv', { config: { access: 'warehouse' }, schema: { params: IdParams } }, async (req, reply) => {
    const { number, csv } = await stocktakeCsv(db, actorOf(req), req.params.id);
    return reply
      .headers({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': contentDisposition('attachment', `inventurprotokoll-${number}.csv`) })
      .send(csv);
  });

  app.get('/stocktakes/:id/sheet.pdf', { config: { access: 'warehouse' }, schema: { params: IdParams } }, async (req, reply) => {
    const data = await stocktakeSheetData(db, actorOf(req), req.params.id);
    return reply
      .headers({ 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition('inline', STOCKTAKE_UI.sheetFile(data.number)) })
      .send(await renderStocktakeSheet(data));
  });
};
