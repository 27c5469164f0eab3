import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Building,
  BuildingList,
  BuildingsQuery,
  CreateBuildingRequest,
  CreateRoomRequest,
  DeactivateResponse,
  Room,
  RoomList,
  RoomsQuery,
  UpdateBuildingRequest,
  UpdateRoomRequest,
} from '../../../shared/schemas/buildings';
import { IdParams } from '../../../shared/schemas/common';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import * as svc from './service';

/** Gebäude & Räume. Staff read them (filters, inbound); admins write. */
export const buildingRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/buildings/', { config: { access: 'warehouse' }, schema: { querystring: BuildingsQuery, response: { 200: BuildingList } } }, async (req) =>
    svc.listBuildings(db, req.query.include_inactive === 'true'),
  );

  app.get('/buildings/:id', { config: { access: 'warehouse' }, schema: { params: IdParams, response: { 200: Building } } }, async (req) =>
    svc.getBuilding(db, req.params.id),
  );

  app.post(
    '/buildings/',
    { config: { access: 'admin' }, schema: { body: CreateBuildingRequest, response: { 201: Building, 200: Building } } },
    async (req, reply) => {
      const r = await db.transaction().execute((trx) => svc.createBuilding(trx, req.body));
      return reply.status(r.reactivated ? 200 : 201).send(r.building);
    },
  );

  app.patch(
    '/buildings/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, body: UpdateBuildingRequest, response: { 200: Building } } },
    async (req) => db.transaction().execute((trx) => svc.updateBuilding(trx, req.params.id, req.body)),
  );

  app.delete('/buildings/:id', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: DeactivateResponse } } }, async (req) => ({
    ok: true as const,
    message: await db.transaction().execute((trx) => svc.deactivateBuilding(trx, req.params.id)),
  }));

  app.get('/rooms/', { config: { access: 'warehouse' }, schema: { querystring: RoomsQuery, response: { 200: RoomList } } }, async (req) =>
    svc.listRooms(db, req.query.building_id),
  );

  app.post('/rooms/', { config: { access: 'admin' }, schema: { body: CreateRoomRequest, response: { 201: Room, 200: Room } } }, async (req, reply) => {
    const r = await db.transaction().execute((trx) => svc.createRoom(trx, req.body));
    return reply.status(r.reactivated ? 200 : 201).send(r.room);
  });

  // Managers may only block/release a room (is_blocked); the service refuses them the rest.
  app.patch('/rooms/:id', { config: { access: 'manager' }, schema: { params: IdParams, body: UpdateRoomRequest, response: { 200: Room } } }, async (req) =>
    db.transaction().execute((trx) => svc.updateRoom(trx, actorOf(req), req.params.id, req.body)),
  );

  app.delete('/rooms/:id', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: DeactivateResponse } } }, async (req) => ({
    ok: true as const,
    message: await db.transaction().execute((trx) => svc.deactivateRoom(trx, req.params.id)),
  }));
};
