import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../server/auth/api-keys';
import { createTestApp, type TestApp } from '../../helpers/app';
import { customerRequests } from '../../helpers/customer-requests';
import { buildUser } from '../../helpers/factories';

/** Creating, listing and revoking a customer's API keys (docs/operations.md "API keys"). */
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, 'admin');
});
afterAll(async () => t.close());

const { req, world } = customerRequests(() => t);

describe('POST /customers/:id/api-keys', () => {
  it('answers the key once (lw_ + 43 base64url characters) and stores only its hash and prefix', async () => {
    const { customer, user } = await world();
    const res = await req('POST', `/customers/${customer.id}/api-keys`, user, { name: '  Shopware  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^lw_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Shopware', prefix: created.key.slice(0, 10), last_used_at: null });
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row).toMatchObject({ customer_id: customer.id, created_by: user.id, revoked_at: null });
    const list = await req('GET', `/customers/${customer.id}/api-keys`, user);
    expect(list.json()).toEqual([{ id: created.id, name: 'Shopware', prefix: created.prefix, created_at: expect.any(String), last_used_at: null }]);
    const other = (await req('POST', `/customers/${customer.id}/api-keys`, admin, { name: 'Zweiter' })).json();
    expect(other.key).not.toBe(created.key);
  });

  it('refuses bad names (400), other staff (403), other customers (404) and deactivated customers (409)', async () => {
    const { customer, user } = await world();
    const url = `/customers/${customer.id}/api-keys`;
    const blank = await req('POST', url, user, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toContain('Name ist erforderlich');
    expect((await req('POST', url, user, {})).statusCode).toBe(400);
    expect((await req('POST', url, user, { name: 'x'.repeat(201) })).statusCode).toBe(400);
    for (const role of ['warehouse_manager', 'warehouse_worker'] as const) {
      const staff = await buildUser(t.db, role);
      for (const res of [await req('POST', url, staff, { name: 'Nein' }), await req('GET', url, staff)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    const stranger = (await world()).user;
    expect((await req('POST', url, stranger, { name: 'Fremd' })).statusCode).toBe(404);
    expect((await req('GET', url, stranger)).statusCode).toBe(404);
    expect((await req('POST', '/customers/999999/api-keys', admin, { name: 'Nein' })).statusCode).toBe(404);
    const limited = await buildUser(t.db, 'warehouse_worker', { is_admin: true, access: [stranger.customer_id as number] });
    expect((await req('POST', url, limited, { name: 'Nein' })).statusCode).toBe(404);
    await t.db.updateTable('customers').set({ is_active: false }).where('id', '=', customer.id).execute();
    const inactive = await req('POST', url, admin, { name: 'Zu spät' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe('CUSTOMER_INACTIVE');
    expect(await t.db.selectFrom('api_keys').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
  });
});

describe('DELETE /api-keys/:id', () => {
  it('revokes at once: the next request with the key is a German 401, and the list no longer shows it', async () => {
    const { customer, user } = await world();
    const created = (await req('POST', `/customers/${customer.id}/api-keys`, user, { name: 'Alt' })).json();
    expect((await req('GET', '/outbound-orders/', { key: created.key })).statusCode).toBe(200);
    const res = await req('DELETE', `/api-keys/${created.id}`, user);
    expect(res.statusCode).toBe(200);
    const after = await req('GET', '/outbound-orders/', { key: created.key });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'API_KEY_INVALID', detail: 'API-Schlüssel ungültig oder widerrufen' });
    expect((await req('GET', `/customers/${customer.id}/api-keys`, user)).json()).toEqual([]);
    expect((await req('DELETE', `/api-keys/${created.id}`, user)).statusCode).toBe(404);
    const row = await t.db.selectFrom('api_keys').select(['revoked_at', 'revoked_by']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.revoked_by).toBe(user.id);
    expect(row.revoked_at).not.toBeNull();
  });

  it('refuses other staff (403), other customers and unknown keys (404); an admin may revoke', async () => {
    const { customer, user } = await world();
    const created = (await req('POST', `/customers/${customer.id}/api-keys`, user, { name: 'Shop' })).json();
    const worker = await buildUser(t.db, 'warehouse_worker');
    expect((await req('DELETE', `/api-keys/${created.id}`, worker)).statusCode).toBe(403);
    const stranger = (await world()).user;
    const foreign = await req('DELETE', `/api-keys/${created.id}`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('API_KEY_NOT_FOUND');
    expect((await req('DELETE', '/api-keys/999999', admin)).statusCode).toBe(404);
    expect((await req('DELETE', '/api-keys/abc', admin)).statusCode).toBe(400);
    expect((await req('GET', '/outbound-orders/', { key: created.key })).statusCode).toBe(200);
    expect((await req('DELETE', `/api-keys/${created.id}`, admin)).statusCode).toBe(200);
    expect((await req('GET', '/outbound-orders/', { key: created.key })).statusCode).toBe(401);
  });
});
