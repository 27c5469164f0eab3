import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFINITIONS, SETTING_MASK } from '../../../shared/schemas/settings';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildUser } from '../../helpers/factories';

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  manager = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
  customer = auth(t.app, await buildUser(t.db, 'customer_user'));
});
afterAll(async () => t.close());

const list = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/settings/', headers: admin })).json() as Array<{
    key: string;
    value: string | null;
    category: string;
    is_encrypted: boolean;
    has_value: boolean;
  }>;
const batch = (payload: unknown, headers = admin) => t.app.inject({ method: 'POST', url: '/api/settings/batch', headers, payload: payload as object });

describe('settings', () => {
  it('lists every key of the spec with category and defaults', async () => {
    const all = await list();
    expect(all.map((s) => s.key).sort()).toEqual(SETTING_DEFINITIONS.map((d) => d.key).sort());
    const by = Object.fromEntries(all.map((s) => [s.key, s]));
    expect(by.dhl_shipper_country).toMatchObject({ value: 'DEU', category: 'shipping' });
    expect(by.dhl_api_environment.value).toBe('sandbox');
    expect(by.picking_strategy).toMatchObject({ value: 'route_optimized', category: 'warehouse' });
    expect(by.dhl_api_key).toMatchObject({ value: null, is_encrypted: true, has_value: false });
    expect(by.keepa_api_key).toMatchObject({ is_encrypted: true, category: 'general' });
    for (const k of ['company_name', 'company_street', 'company_postal_code', 'company_city', 'company_country']) expect(by[k].category).toBe('general');
  });

  it('stores secrets encrypted at rest, returns them masked, decrypts for admins', async () => {
    const res = await batch([
      { key: 'dhl_api_key', value: 'geheimer-api-key', category: 'shipping', is_encrypted: false },
      { key: 'dhl_api_user', value: 'user-valid', category: 'shipping', is_encrypted: true },
      { key: 'dhl_api_password', value: 'SandboxPasswort2023!', category: 'shipping', is_encrypted: true },
      { key: 'dhl_shipper_name', value: 'Lagerwerk GmbH', category: 'shipping', is_encrypted: false },
      { key: 'dhl_shipper_country', value: 'deu', category: 'shipping', is_encrypted: false },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: 5, skipped: 0 });
    expect(Object.fromEntries(res.json().settings.map((s: { key: string; value: string }) => [s.key, s.value])).dhl_shipper_country).toBe('DEU');
    // raw rows: never the plain value, even though the client claimed is_encrypted=false
    const raw = await t.db.selectFrom('settings').selectAll().where('key', 'in', ['dhl_api_key', 'dhl_api_user', 'dhl_api_password']).execute();
    expect(raw).toHaveLength(3);
    for (const r of raw) {
      expect(r.is_encrypted).toBe(true);
      expect(r.value).toMatch(/^v1:/);
      expect(r.value).not.toContain('geheimer');
      expect(r.value).not.toContain('user-valid');
      expect(r.value).not.toContain('Sandbox');
    }
    const by = Object.fromEntries((await list()).map((s) => [s.key, s]));
    expect(by.dhl_api_key).toMatchObject({ value: SETTING_MASK, has_value: true });
    expect(by.dhl_shipper_name.value).toBe('Lagerwerk GmbH');
    const dec = await t.app.inject({ method: 'GET', url: '/api/settings/dhl_api_key/decrypt', headers: admin });
    expect(dec.statusCode).toBe(200);
    expect(dec.json()).toEqual({ key: 'dhl_api_key', value: 'geheimer-api-key' });
    // a secret in clear text: no browser, proxy or service worker may keep a copy
    expect(dec.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/dhl_api_key/decrypt', headers: manager })).statusCode).toBe(403);
  });

  it('skips values still showing the mask; unchanged values report "Keine Änderungen zum Speichern"', async () => {
    await batch([{ key: 'dhl_api_password', value: 'erstes' }]);
    const before = await t.db.selectFrom('settings').select('value').where('key', '=', 'dhl_api_password').executeTakeFirstOrThrow();
    const res = await batch([
      { key: 'dhl_api_password', value: SETTING_MASK },
      { key: 'dhl_shipper_name', value: 'Lagerwerk GmbH' },
    ]);
    expect(res.json()).toMatchObject({ saved: 0, message: 'Keine Änderungen zum Speichern' });
    const after = await t.db.selectFrom('settings').select('value').where('key', '=', 'dhl_api_password').executeTakeFirstOrThrow();
    expect(after.value).toBe(before.value);
    const dec = await t.app.inject({ method: 'GET', url: '/api/settings/dhl_api_password/decrypt', headers: admin });
    expect(dec.json().value).toBe('erstes');
  });

  it('PUT saves one setting; empty clears it', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/keepa_api_key',
      headers: admin,
      payload: { key: 'keepa_api_key', value: 'keepa-123', category: 'general', is_encrypted: true, description: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'keepa_api_key', value: SETTING_MASK, is_encrypted: true });
    const raw = await t.db.selectFrom('settings').select('value').where('key', '=', 'keepa_api_key').executeTakeFirstOrThrow();
    expect(raw.value).not.toContain('keepa-123');
    const env = await t.app.inject({ method: 'PUT', url: '/api/settings/dhl_api_environment', headers: admin, payload: { value: 'production' } });
    expect(env.json().value).toBe('production');
    const cleared = await t.app.inject({ method: 'PUT', url: '/api/settings/company_name', headers: admin, payload: { value: '' } });
    expect(cleared.json()).toMatchObject({ value: null, has_value: false });
  });

  it('validates: country max 3 characters, known keys, allowed values; admin only', async () => {
    const country = await batch([{ key: 'dhl_shipper_country', value: 'DEUT' }]);
    expect(country.statusCode).toBe(400);
    expect(country.json().detail).toBe('Land (ISO-Code): höchstens 3 Zeichen');
    const unknown = await batch([{ key: 'root_password', value: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('Unbekannte Einstellung root_password');
    const strategy = await t.app.inject({ method: 'PUT', url: '/api/settings/picking_strategy', headers: admin, payload: { value: 'random' } });
    expect(strategy.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'PUT', url: '/api/settings/picking_strategy', headers: admin, payload: { value: 'quantity_first' } });
    expect(ok.json().value).toBe('quantity_first');
    // a refused batch changes nothing
    const mixed = await batch([
      { key: 'company_city', value: 'Bielefeld' },
      { key: 'company_country', value: 'DEUTSCHLAND' },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(await t.db.selectFrom('settings').select('value').where('key', '=', 'company_city').executeTakeFirst()).toBeUndefined();
    const noValue = await batch([{ key: 'company_city' }]);
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().detail).toContain('Wert');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/', headers: manager })).statusCode).toBe(403);
    expect((await batch([{ key: 'company_city', value: 'x' }], customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/nope/decrypt', headers: admin })).statusCode).toBe(400);
  });
});

describe('countries', () => {
  it('lists active countries for any logged-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/countries/?active_only=true', headers: customer });
    expect(res.statusCode).toBe(200);
    const codes = res.json().map((c: { code: string }) => c.code);
    for (const c of ['DE', 'AT', 'CH', 'NL', 'BE', 'FR', 'IT', 'PL', 'CZ', 'ES', 'GB']) expect(codes).toContain(c);
    expect(res.json()[0]).toEqual({ code: 'DE', name_de: 'Deutschland' });
    await t.db.updateTable('countries').set({ is_active: false }).where('code', '=', 'SE').execute();
    const active = (await t.app.inject({ method: 'GET', url: '/api/countries/?active_only=true', headers: customer })).json();
    expect(active.map((c: { code: string }) => c.code)).not.toContain('SE');
    const all = (await t.app.inject({ method: 'GET', url: '/api/countries/', headers: customer })).json();
    expect(all.map((c: { code: string }) => c.code)).toContain('SE');
    expect((await t.app.inject({ method: 'GET', url: '/api/countries/' })).statusCode).toBe(401);
  });
});
