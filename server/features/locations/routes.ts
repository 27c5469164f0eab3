import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../shared/schemas/common';
import {
  CreateCompartmentQuery,
  CreateLevelQuery,
  CreateRackQuery,
  CreateRackResponse,
  DeleteLocationResponse,
  HierarchyResponse,
  LocationNode,
  LocationsQuery,
  PatchLocationRequest,
  PlaceLookupParams,
  PlaceLookupResponse,
  PositionRequest,
  PositionResponse,
  StorageLocation,
  StorageLocationList,
  UpdateLocationRequest,
} from '../../../shared/schemas/locations';
import { actorOf } from '../../auth/plugin';
import { AppError } from '../../errors';
import type { FeatureDeps } from '../types';
import { renderLabelsPdf } from './labels';
import { lookupPlace } from './lookup';
import { listStorageLocations, loadHierarchy } from './queries';
import { setPlaceBlocked } from './blocked';
import { createCompartment, createLevel, createRack } from './create';
import * as svc from './service';

/** Lageplan (admin screen /locations); staff may read the places (scan screens, filters). */
export const locationRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get(
    '/locations/hierarchy',
    { config: { access: 'warehouse' }, schema: { querystring: LocationsQuery, response: { 200: HierarchyResponse } } },
    async (req) => loadHierarchy(db, actorOf(req).scope, req.query),
  );

  // A scanned place the handheld does not hold (docs/sync.md "Entities"), with its stock in scope.
  app.get(
    '/locations/lookup/:barcode',
    { config: { access: 'warehouse' }, schema: { params: PlaceLookupParams, response: { 200: PlaceLookupResponse } } },
    async (req) => lookupPlace(db, actorOf(req), req.params.barcode),
  );

  app.get('/locations/', { config: { access: 'warehouse' }, schema: { querystring: LocationsQuery, response: { 200: StorageLocationList } } }, async (req) =>
    listStorageLocations(db, actorOf(req).scope, req.query),
  );

  app.post(
    '/locations/rack',
    { config: { access: 'admin' }, schema: { querystring: CreateRackQuery, response: { 201: CreateRackResponse } } },
    async (req, reply) => reply.status(201).send(await db.transaction().execute((trx) => createRack(trx, req.query))),
  );

  app.post(
    '/locations/level',
    { config: { access: 'admin' }, schema: { querystring: CreateLevelQuery, response: { 201: LocationNode } } },
    async (req, reply) => reply.status(201).send(await db.transaction().execute((trx) => createLevel(trx, req.query))),
  );

  app.post(
    '/locations/compartment',
    { config: { access: 'admin' }, schema: { querystring: CreateCompartmentQuery, response: { 201: LocationNode } } },
    async (req, reply) => reply.status(201).send(await db.transaction().execute((trx) => createCompartment(trx, req.query))),
  );

  app.put(
    '/locations/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, body: UpdateLocationRequest, response: { 200: LocationNode } } },
    async (req) => db.transaction().execute((trx) => svc.updateLocation(trx, req.params.id, req.body)),
  );

  // Blocks or releases a storage place (docs/operations.md "Blocked places").
  app.patch(
    '/locations/:id',
    { config: { access: 'manager' }, schema: { params: IdParams, body: PatchLocationRequest, response: { 200: StorageLocation } } },
    async (req) => db.transaction().execute((trx) => setPlaceBlocked(trx, actorOf(req).scope, req.params.id, req.body.is_blocked)),
  );

  app.patch(
    '/locations/:id/position',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: PositionRequest, response: { 200: PositionResponse } },
    },
    async (req) => db.transaction().execute((trx) => svc.setPosition(trx, req.params.id, req.body)),
  );

  app.delete('/locations/:id', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: DeleteLocationResponse } } }, async (req) => ({
    ok: true as const,
    ...(await db.transaction().execute((trx) => svc.deleteLocation(trx, req.params.id, actorOf(req).scope))),
  }));

  app.get('/locations/:id/labels-batch.pdf', { config: { access: 'admin' }, schema: { params: IdParams } }, async (req, reply) => {
    const ids = await svc.compartmentIdsUnder(db, req.params.id);
    const places = await listStorageLocations(db, actorOf(req).scope, {}, ids);
    if (places.length === 0) throw new AppError('LABELS_EMPTY');
    const pdf = await renderLabelsPdf(places);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="etiketten-${req.params.id}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
};
