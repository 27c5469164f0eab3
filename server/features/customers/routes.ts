import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { User } from '../../../shared/schemas/auth';
import { IdParams } from '../../../shared/schemas/common';
import {
  CreateCustomerRequest,
  CreateCustomerUserRequest,
  Customer,
  CustomerList,
  CustomersQuery,
  DeactivateCustomerResponse,
  UpdateCustomerRequest,
} from '../../../shared/schemas/customers';
import { UserList } from '../../../shared/schemas/users';
import { actorOf } from '../../auth/plugin';
import type { FeatureDeps } from '../types';
import * as svc from './service';

/**
 * Kunden. Reading is open to every logged-in user within their customer scope
 * (Einlagern and the inventory filter need a customer select; a customer user
 * reads their own customer); writing and customer logins are admin-only.
 */
export const customerRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/customers/', { config: { access: 'user' }, schema: { querystring: CustomersQuery, response: { 200: CustomerList } } }, async (req) =>
    svc.listCustomers(db, actorOf(req), req.query.active_only === 'true'),
  );

  app.get('/customers/:id', { config: { access: 'user' }, schema: { params: IdParams, response: { 200: Customer } } }, async (req) =>
    svc.getCustomer(db, actorOf(req), req.params.id),
  );

  app.post('/customers/', { config: { access: 'admin' }, schema: { body: CreateCustomerRequest, response: { 201: Customer } } }, async (req, reply) =>
    reply.status(201).send(await db.transaction().execute((trx) => svc.createCustomer(trx, req.body))),
  );

  app.patch(
    '/customers/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, body: UpdateCustomerRequest, response: { 200: Customer } } },
    async (req) => db.transaction().execute((trx) => svc.updateCustomer(trx, req.params.id, req.body)),
  );

  app.delete('/customers/:id', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: DeactivateCustomerResponse } } }, async (req) =>
    db.transaction().execute((trx) => svc.deactivateCustomer(trx, req.params.id)),
  );

  app.get('/customers/:id/users', { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: UserList } } }, async (req) =>
    svc.listCustomerUsers(db, req.params.id),
  );

  app.post(
    '/customers/:id/users',
    { config: { access: 'admin' }, schema: { params: IdParams, body: CreateCustomerUserRequest, response: { 201: User } } },
    async (req, reply) => reply.status(201).send(await db.transaction().execute((trx) => svc.createCustomerUser(trx, req.params.id, req.body))),
  );
};
