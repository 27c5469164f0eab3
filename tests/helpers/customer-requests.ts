import type { TestApp } from './app';
import { auth, buildCustomer, buildUser } from './factories';

/** Who asks: a signed-in user or a customer API key. */
export type Who = { id: number; role: string } | { key: string };

/**
 * Requests of the customer-facing API tests (API keys, webhooks): `req` as a user or with an API key,
 * `world` a new customer with one customer user. `app` gives the suite's app (made in beforeAll).
 */
export function customerRequests(app: () => TestApp) {
  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) => {
    const t = app();
    const headers = 'key' in who ? { 'x-api-key': who.key } : auth(t.app, who);
    return t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  };
  const world = async () => {
    const customer = await buildCustomer(app().db);
    const user = await buildUser(app().db, 'customer_user', { customer_id: customer.id });
    return { customer, user };
  };
  return { req, world };
}
