import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import { CreateCartQuery, CreateWaveQuery, PickingCart, PickingWave, PickingWaveList, StartWaveQuery, WaveListQuery } from '../../../shared/schemas/waves';
import { actorOf } from '../../auth/plugin';
import { IdempotencyHeaders, idempotent } from '../../http-idempotency';
import type { FeatureDeps } from '../types';
import { createCart } from './carts';
import { beginPicking, completeWave, deleteWave, releaseWave, startWave } from './lifecycle';
import { getWave, listWaves } from './queries';
import { createWave } from './service';

/**
 * Picking waves and carts (spec part 2 §7 "Waves and carts",
 * docs/fulfilment.md "Waves"). Staff only; waves holding orders of customers outside the
 * caller's scope are 404. Commands accept an optional Idempotency-Key, so a
 * retried start or complete is answered from the first call.
 */
export const waveRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/picking-waves/', { config: { access: 'warehouse' }, schema: { querystring: WaveListQuery, response: { 200: PickingWaveList } } }, async (req) =>
    listWaves(db, actorOf(req), req.query.status),
  );

  app.post(
    '/picking-waves/',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, querystring: CreateWaveQuery, response: { 201: PickingWave } } },
    async (req, reply) => reply.status(201).send(await idempotent(db, req, reply, (trx, actor) => createWave(trx, actor, req.query), req.query)),
  );

  app.get('/picking-waves/:id', { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: PickingWave } } }, async (req) =>
    getWave(db, actorOf(req), req.params.id),
  );

  app.delete('/picking-waves/:id', { config: { access: 'warehouse' }, schema: { params: IdParams } }, async (req, reply) => {
    const actor = actorOf(req);
    await db.transaction().execute((trx) => deleteWave(trx, actor, req.params.id));
    return reply.status(204).send();
  });

  app.post(
    '/picking-waves/:id/start',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, params: IdParams, querystring: StartWaveQuery, response: { 200: PickingWave } } },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => startWave(trx, actor, req.params.id, req.query.pallet_barcode), req.query),
  );

  const commands = [
    ['begin-picking', beginPicking],
    ['complete', completeWave],
  ] as const;
  for (const [path, command] of commands) {
    app.post(
      `/picking-waves/:id/${path}`,
      { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, params: IdParams, response: { 200: PickingWave } } },
      async (req, reply) => idempotent(db, req, reply, (trx, actor) => command(trx, actor, req.params.id)),
    );
  }

  app.post(
    '/picking-waves/:id/release',
    {
      config: { access: 'manager' },
      schema: {
        description:
          'Gibt eine Welle in Kommissionierung frei: der Kommissionierer wird entfernt, das nächste begin-picking übernimmt sie. ' +
          'Nur Administratoren und Lagerleiter (sonst 403); Welle unbekannt oder außerhalb des Kundenzugriffs 404; ' +
          'Welle nicht in Kommissionierung 409 WAVE_STATUS_CONFLICT. Eine Welle ohne Kommissionierer bleibt unverändert.',
        headers: IdempotencyHeaders,
        params: IdParams,
        response: { 200: PickingWave },
      },
    },
    async (req, reply) => idempotent(db, req, reply, (trx, actor) => releaseWave(trx, actor, req.params.id)),
  );

  app.post(
    '/picking-carts/create',
    { config: { access: 'warehouse' }, schema: { headers: IdempotencyHeaders, querystring: CreateCartQuery, response: { 201: PickingCart } } },
    async (req, reply) => reply.status(201).send(await idempotent(db, req, reply, (trx, actor) => createCart(trx, actor, req.query), req.query)),
  );
};
