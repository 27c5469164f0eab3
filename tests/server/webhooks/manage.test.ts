import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSetting } from '../../../server/features/settings/crypto';
import { isPublicAddress } from '../../../server/features/webhooks/target';
import { createTestApp, type TestApp } from '../../helpers/app';
import { customerRequests } from '../../helpers/customer-requests';
import { auth, buildCustomer, buildUser } from '../../helpers/factories';

/** Registering, listing and deleting a customer's webhooks; the SSRF rule at registration (docs/integrations.md "Webhooks"). */
let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, 'admin');
});
afterAll(async () => t.close());

const { req, world } = customerRequests(() => t);

const PUBLIC_URL = 'https://93.184.215.14/lagerwerk';

describe('POST /customers/:id/webhooks', () => {
  it('answers a generated whsec_ secret once, stores it encrypted, lists only its prefix', async () => {
    const { customer, user } = await world();
    const res = await req('POST', `/customers/${customer.id}/webhooks`, user, {
      url: PUBLIC_URL,
      events: ['order.shipped', 'order.shipped', 'return.received'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ url: PUBLIC_URL, events: ['order.shipped', 'return.received'], secret_prefix: created.secret.slice(0, 10) });
    const row = await t.db.selectFrom('webhooks').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(decryptSetting(t.config.settingsKey, row.secret_encrypted)).toBe(created.secret);
    const list = (await req('GET', `/customers/${customer.id}/webhooks`, user)).json();
    expect(list).toEqual([
      { id: created.id, url: PUBLIC_URL, events: ['order.shipped', 'return.received'], secret_prefix: created.secret_prefix, created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('takes a secret of the shop and is open to an admin and to an API key of the customer', async () => {
    const { customer, user } = await world();
    const own = await req('POST', `/customers/${customer.id}/webhooks`, admin, {
      url: PUBLIC_URL,
      events: ['inbound.received'],
      secret: 'mein-eigenes-geheimnis-123',
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ secret: 'mein-eigenes-geheimnis-123', secret_prefix: 'mein-eigen' });
    const key = (await req('POST', `/customers/${customer.id}/api-keys`, user, { name: 'Shop' })).json().key as string;
    const viaKey = await req('POST', `/customers/${customer.id}/webhooks`, { key }, { url: PUBLIC_URL, events: ['order.status_changed'] });
    expect(viaKey.statusCode).toBe(201);
    expect((await req('GET', `/customers/${customer.id}/webhooks`, { key })).json()).toHaveLength(2);
  });

  it('refuses bad input (400, German), other staff (403), other customers (404) and deactivated customers (409)', async () => {
    const { customer, user } = await world();
    const url = `/customers/${customer.id}/webhooks`;
    const cases: [object, string][] = [
      [{ events: ['order.shipped'] }, 'URL ist erforderlich'],
      [{ url: PUBLIC_URL, events: [] }, 'mindestens ein Ereignis'],
      [{ url: PUBLIC_URL, events: ['order.deleted'] }, 'Unbekanntes Ereignis'],
      [{ url: PUBLIC_URL, events: ['order.shipped'], secret: 'kurz' }, 'mindestens 16 Zeichen'],
      [{ url: 'kein-url', events: ['order.shipped'] }, 'keine gültige Webhook-Adresse'],
      [{ url: 'ftp://93.184.215.14/x', events: ['order.shipped'] }, 'keine gültige Webhook-Adresse'],
      [{ url: 'https://user:pw@93.184.215.14/x', events: ['order.shipped'] }, 'keine gültige Webhook-Adresse'],
    ];
    for (const [payload, detail] of cases) {
      const res = await req('POST', url, user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    for (const role of ['warehouse_manager', 'warehouse_worker'] as const) {
      const staff = await buildUser(t.db, role);
      for (const res of [await req('POST', url, staff, { url: PUBLIC_URL, events: ['order.shipped'] }), await req('GET', url, staff)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    const stranger = (await world()).user;
    expect((await req('POST', url, stranger, { url: PUBLIC_URL, events: ['order.shipped'] })).statusCode).toBe(404);
    expect((await req('GET', url, stranger)).statusCode).toBe(404);
    await t.db.updateTable('customers').set({ is_active: false }).where('id', '=', customer.id).execute();
    const inactive = await req('POST', url, admin, { url: PUBLIC_URL, events: ['order.shipped'] });
    expect(inactive.statusCode).toBe(409);
    expect(await t.db.selectFrom('webhooks').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
  });

  it('refuses http, private, loopback, link-local and ULA targets (400, German) unless WEBHOOK_ALLOW_PRIVATE_HOSTS', async () => {
    const { customer, user } = await world();
    const url = `/customers/${customer.id}/webhooks`;
    const refused: [string, string][] = [
      ['http://93.184.215.14/hook', 'WEBHOOK_URL_NOT_HTTPS'],
      ['https://10.0.0.1/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://127.0.0.1:8443/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://[::1]/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://169.254.169.254/latest/meta-data', 'WEBHOOK_URL_PRIVATE'],
      ['https://192.168.1.20/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://[fd00::1]/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://[fe80::1]/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://[::ffff:127.0.0.1]/hook', 'WEBHOOK_URL_PRIVATE'],
      ['https://localhost/hook', 'WEBHOOK_URL_PRIVATE'],
    ];
    for (const [target, code] of refused) {
      const res = await req('POST', url, user, { url: target, events: ['order.shipped'] });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().code, target).toBe(code);
      expect(res.json().detail).toMatch(/https-Adresse|nicht öffentlich erreichbar/);
    }
    expect(await t.db.selectFrom('webhooks').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
    const open = await createTestApp({ webhookAllowPrivateHosts: true });
    try {
      const res = await open.app.inject({
        method: 'POST',
        url: `/api/customers/${(await buildCustomer(open.db)).id}/webhooks`,
        headers: auth(open.app, await buildUser(open.db, 'admin')),
        payload: { url: 'http://127.0.0.1:9/hook', events: ['order.shipped'] },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await open.close();
    }
  });

  it('tells public from private addresses, IPv4 and IPv6', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '2a00:1450:4001:80b::200e']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '10.0.0.1',
      '127.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'nonsense',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});

describe('DELETE /webhooks/:id and GET /webhooks/:id/deliveries', () => {
  it('deletes for the same people; others get 404 or 403; a deleted webhook is gone from the list', async () => {
    const { customer, user } = await world();
    const hook = (await req('POST', `/customers/${customer.id}/webhooks`, user, { url: PUBLIC_URL, events: ['order.shipped'] })).json();
    const stranger = (await world()).user;
    const manager = await buildUser(t.db, 'warehouse_manager');
    expect((await req('DELETE', `/webhooks/${hook.id}`, stranger)).statusCode).toBe(404);
    expect((await req('GET', `/webhooks/${hook.id}/deliveries`, stranger)).statusCode).toBe(404);
    expect((await req('POST', `/webhooks/${hook.id}/test`, stranger)).statusCode).toBe(404);
    expect((await req('DELETE', `/webhooks/${hook.id}`, manager)).statusCode).toBe(403);
    expect((await req('GET', `/webhooks/${hook.id}/deliveries`, user)).json()).toEqual([]);
    expect((await req('DELETE', `/webhooks/${hook.id}`, user)).statusCode).toBe(200);
    expect((await req('GET', `/customers/${customer.id}/webhooks`, user)).json()).toEqual([]);
    const again = await req('DELETE', `/webhooks/${hook.id}`, user);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'WEBHOOK_NOT_FOUND', detail: 'Webhook nicht gefunden' });
  });
});
