import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { User } from '../../../shared/schemas/auth';
import { IdParams } from '../../../shared/schemas/common';
import { CreateUserRequest, CustomerAccessRequest, QrCodeParams, QrCodeResponse, UpdateUserRequest, UserList } from '../../../shared/schemas/users';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import * as svc from './service';

/** Benutzer (/users) and Kundenzugriff (/user-management): admin only. */
export const userRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/auth/users', { config: { access: 'admin' }, schema: { response: { 200: UserList } } }, async () => svc.listUsers(db));

  app.post('/auth/register', { config: { access: 'admin' }, schema: { body: CreateUserRequest, response: { 201: User } } }, async (req, reply) =>
    reply.status(201).send(await db.transaction().execute((trx) => svc.createUser(trx, req.body))),
  );

  app.put('/auth/users/:id', { config: { access: 'admin' }, schema: { params: IdParams, body: UpdateUserRequest, response: { 200: User } } }, async (req) =>
    db.transaction().execute((trx) => svc.updateUser(trx, actorOf(req), req.params.id, req.body)),
  );

  app.get('/auth/qr-code/:userId', { config: { access: 'admin' }, schema: { params: QrCodeParams, response: { 200: QrCodeResponse } } }, async (req, reply) => {
    // The answer carries a live login token: never cache it anywhere.
    reply.header('Cache-Control', 'no-store');
    return svc.regenerateQrCode(db, req.params.userId);
  });

  app.get('/users/', { config: { access: 'admin' }, schema: { response: { 200: UserList } } }, async () => svc.listAccessUsers(db));

  app.put(
    '/users/:id/customer-access',
    { config: { access: 'admin' }, schema: { params: IdParams, body: CustomerAccessRequest, response: { 200: User } } },
    async (req) => db.transaction().execute((trx) => svc.setCustomerAccess(trx, req.params.id, req.body)),
  );

  app.delete('/users/:id/customer-access', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: User } } }, async (req) =>
    db.transaction().execute((trx) => svc.clearCustomerAccess(trx, req.params.id)),
  );
};
