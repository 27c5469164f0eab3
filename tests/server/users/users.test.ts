import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildPlacedCompartments, buildUser, TEST_PASSWORD } from '../../helpers/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, 'admin');
});
afterAll(async () => t.close());

/** What a scanner reads from the PNG (zbarimg prints "<symbology>:<data>"). */
function decodePng(png: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'lw-qr-'));
  try {
    writeFileSync(join(dir, 'qr.png'), png);
    return execFileSync('zbarimg', ['-q', join(dir, 'qr.png')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: { id: number; role: string } = admin) {
  return t.app.inject({ method, url: `/api${url}`, headers: auth(t.app, who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

function loginPw(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login-password', payload: { email, password } });
}

describe('GET /auth/users', () => {
  it('lists users with customer name and without hashes', async () => {
    const cu = await buildUser(t.db, 'customer_user');
    const res = await req('GET', '/auth/users');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    const row = list.find((u) => u.id === cu.id);
    expect(row).toMatchObject({ role: 'customer_user', customer_id: cu.customer_id, is_active: true, has_password: true });
    expect(typeof row?.customer_name).toBe('string');
    expect(JSON.stringify(list)).not.toMatch(/password_hash|qr_token_hash|scrypt\$/);
  });

  it('is refused to every non-admin with 403', async () => {
    for (const role of ['warehouse_manager', 'warehouse_worker', 'customer_user'] as const) {
      const u = await buildUser(t.db, role);
      expect((await req('GET', '/auth/users', undefined, u)).statusCode).toBe(403);
      expect((await req('POST', '/auth/register', { username: `x${uniq()}`, role: 'admin', password: 'geheim1' }, u)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/users' })).statusCode).toBe(401);
  });

  it('admits a worker carrying the is_admin flag', async () => {
    const flagged = await buildUser(t.db, 'warehouse_worker', { is_admin: true });
    expect((await req('GET', '/auth/users', undefined, flagged)).statusCode).toBe(200);
  });
});

describe('POST /auth/register', () => {
  it('creates a staff user with password who can log in', async () => {
    const id = uniq();
    const res = await req('POST', '/auth/register', {
      username: `lm-${id}`,
      email: `lm-${id}@test.de`,
      full_name: 'Lea Leitung',
      password: 'geheim123',
      is_admin: false,
      role: 'warehouse_manager',
      customer_id: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: `lm-${id}`, role: 'warehouse_manager', is_admin: false, customer_id: null, has_password: true });
    expect((await loginPw(`lm-${id}@test.de`, 'geheim123')).statusCode).toBe(200);
  });

  it('creates a warehouse worker without password (QR login only)', async () => {
    const id = uniq();
    const res = await req('POST', '/auth/register', {
      username: `w-${id}`,
      email: `w-${id}@test.de`,
      full_name: 'Willi',
      password: '',
      role: 'warehouse_worker',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().has_password).toBe(false);
    const login = await loginPw(`w-${id}@test.de`, '');
    expect(login.statusCode).toBe(400);
    expect((await loginPw(`w-${id}@test.de`, 'irgendwas')).statusCode).toBe(401);
  });

  it('sets is_admin for role admin', async () => {
    const res = await req('POST', '/auth/register', { username: `a-${uniq()}`, password: 'geheim123', role: 'admin', is_admin: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().is_admin).toBe(true);
  });

  it('requires a customer and a password for customer users', async () => {
    const c = await buildCustomer(t.db);
    const noCustomer = await req('POST', '/auth/register', { username: `c-${uniq()}`, password: 'geheim123', role: 'customer_user' });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json()).toMatchObject({ code: 'CUSTOMER_REQUIRED', detail: 'Bitte wählen Sie einen Kunden für Kundenbenutzer aus' });
    const noPassword = await req('POST', '/auth/register', { username: `c-${uniq()}`, role: 'customer_user', customer_id: c.id });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ code: 'PASSWORD_REQUIRED', detail: 'Passwort ist erforderlich' });
    const unknown = await req('POST', '/auth/register', { username: `c-${uniq()}`, role: 'customer_user', customer_id: 999999, password: 'geheim123' });
    expect(unknown.statusCode).toBe(404);
    const ok = await req('POST', '/auth/register', {
      username: `c-${uniq()}`,
      email: `c-${uniq()}@kunde.de`,
      role: 'customer_user',
      customer_id: c.id,
      password: 'geheim123',
      is_admin: true,
    });
    expect(ok.statusCode).toBe(201);
    // A customer user never carries the admin flag, whatever the form sends.
    expect(ok.json()).toMatchObject({ customer_id: c.id, is_admin: false });
  });

  it('drops the customer of a staff user', async () => {
    const c = await buildCustomer(t.db);
    const res = await req('POST', '/auth/register', { username: `s-${uniq()}`, role: 'warehouse_worker', customer_id: c.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().customer_id).toBeNull();
  });

  it('names missing or invalid fields in German (400)', async () => {
    const noUser = await req('POST', '/auth/register', { role: 'warehouse_worker' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().detail).toMatch(/^Benutzername:/);
    const noRole = await req('POST', '/auth/register', { username: `r-${uniq()}` });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().detail).toMatch(/^Rolle:/);
    const badMail = await req('POST', '/auth/register', { username: `m-${uniq()}`, role: 'warehouse_worker', email: 'keine-mail' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().detail).toMatch(/^E-Mail: Bitte eine gültige E-Mail-Adresse eingeben/);
    const short = await req('POST', '/auth/register', { username: `p-${uniq()}`, role: 'warehouse_worker', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Passwort muss mindestens 6 Zeichen lang sein');
  });

  it('refuses a taken username or e-mail with 409 (case-insensitive)', async () => {
    const id = uniq();
    expect((await req('POST', '/auth/register', { username: `dup-${id}`, email: `dup-${id}@test.de`, role: 'warehouse_worker' })).statusCode).toBe(201);
    const sameName = await req('POST', '/auth/register', { username: `DUP-${id}`, email: `other-${id}@test.de`, role: 'warehouse_worker' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'USERNAME_TAKEN', detail: `Benutzername DUP-${id} ist bereits vergeben` });
    const sameMail = await req('POST', '/auth/register', { username: `other-${id}`, email: `Dup-${id}@Test.de`, role: 'warehouse_worker' });
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().code).toBe('EMAIL_TAKEN');
    expect(sameMail.json().detail).toMatch(/wird bereits verwendet/);
  });
});

describe('PUT /auth/users/:id', () => {
  async function newWorker() {
    return buildUser(t.db, 'warehouse_worker');
  }

  it('edits e-mail, name and role; the username stays fixed', async () => {
    const u = await newWorker();
    const res = await req('PUT', `/auth/users/${u.id}`, {
      username: u.username,
      email: `neu-${uniq()}@test.de`,
      full_name: 'Neu Name',
      role: 'warehouse_manager',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: u.username, full_name: 'Neu Name', role: 'warehouse_manager' });
    const changed = await req('PUT', `/auth/users/${u.id}`, { username: `${u.username}-x`, role: 'warehouse_manager' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ code: 'USERNAME_IMMUTABLE' });
    const row = await t.db.selectFrom('users').select('username').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.username).toBe(u.username);
  });

  it('keeps the password when the edit sends an empty one, changes it otherwise', async () => {
    const u = await newWorker();
    expect((await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', password: '' })).statusCode).toBe(200);
    expect((await loginPw(u.email as string, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', password: 'ganzneu99' })).statusCode).toBe(200);
    expect((await loginPw(u.email as string, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await loginPw(u.email as string, 'ganzneu99')).statusCode).toBe(200);
    const short = await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', password: 'abc' });
    expect(short.statusCode).toBe(400);
  });

  it('requires a role', async () => {
    const u = await newWorker();
    const res = await req('PUT', `/auth/users/${u.id}`, { full_name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Rolle:/);
  });

  it('turning a passwordless worker into a customer user needs a customer and a password', async () => {
    const c = await buildCustomer(t.db);
    const created = await req('POST', '/auth/register', { username: `q-${uniq()}`, role: 'warehouse_worker' });
    const id = created.json().id as number;
    const noCustomer = await req('PUT', `/auth/users/${id}`, { role: 'customer_user' });
    expect(noCustomer.json().code).toBe('CUSTOMER_REQUIRED');
    const noPw = await req('PUT', `/auth/users/${id}`, { role: 'customer_user', customer_id: c.id, password: '' });
    expect(noPw.statusCode).toBe(400);
    expect(noPw.json().code).toBe('PASSWORD_REQUIRED');
    const ok = await req('PUT', `/auth/users/${id}`, { role: 'customer_user', customer_id: c.id, password: 'geheim123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ role: 'customer_user', customer_id: c.id, has_password: true });
  });

  it('deactivates and reactivates; a deactivated user can neither log in nor use an old token', async () => {
    const u = await newWorker();
    const off = await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    // fields not sent stay as they were
    expect(off.json()).toMatchObject({ full_name: u.full_name, email: u.email, has_password: true });
    expect((await loginPw(u.email as string, TEST_PASSWORD)).json().code).toBe('USER_INACTIVE');
    expect((await req('GET', '/auth/me', undefined, u)).statusCode).toBe(401);
    const on = await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', is_active: true });
    expect(on.json().is_active).toBe(true);
    expect((await loginPw(u.email as string, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an admin cannot deactivate or demote themself', async () => {
    const me = await buildUser(t.db, 'admin');
    const off = await req('PUT', `/auth/users/${me.id}`, { role: 'admin', is_active: false }, me);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'CANNOT_DEACTIVATE_SELF', detail: 'Sie können sich nicht selbst deaktivieren' });
    const demote = await req('PUT', `/auth/users/${me.id}`, { role: 'warehouse_worker', is_admin: false }, me);
    expect(demote.statusCode).toBe(409);
    // another admin may
    expect((await req('PUT', `/auth/users/${me.id}`, { role: 'admin', is_active: false })).statusCode).toBe(200);
  });

  it('refuses a taken e-mail (409) and unknown ids (404)', async () => {
    const a = await newWorker();
    const b = await newWorker();
    const res = await req('PUT', `/auth/users/${b.id}`, { role: 'warehouse_worker', email: (a.email as string).toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect((await req('PUT', '/auth/users/999999', { role: 'warehouse_worker' })).statusCode).toBe(404);
    expect((await req('PUT', '/auth/users/abc', { role: 'warehouse_worker' })).statusCode).toBe(400);
  });

  it('is refused to non-admins', async () => {
    const m = await buildUser(t.db, 'warehouse_manager');
    const u = await newWorker();
    expect((await req('PUT', `/auth/users/${u.id}`, { role: 'admin' }, m)).statusCode).toBe(403);
    const row = await t.db.selectFrom('users').select('role').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('warehouse_worker');
  });
});

describe('GET /auth/qr-code/:userId', () => {
  it('returns a PNG whose token logs in; a new code invalidates the old one', async () => {
    const created = await req('POST', '/auth/register', { username: `qr-${uniq()}`, full_name: 'Quirin', role: 'warehouse_worker' });
    const id = created.json().id as number;
    const first = await req('GET', `/auth/qr-code/${id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body.username).toBe(created.json().username);
    const png = Buffer.from(body.qr_code_base64, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(decodePng(png)).toBe(`QR-Code:${body.qr_token}`);
    expect(body.qr_token.length).toBeGreaterThanOrEqual(24);
    const stored = await t.db.selectFrom('users').select('qr_token_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.qr_token_hash).not.toContain(body.qr_token);

    const login1 = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { qr_token: body.qr_token } });
    expect(login1.statusCode).toBe(200);
    expect(login1.json().user.id).toBe(id);

    const second = (await req('GET', `/auth/qr-code/${id}`)).json();
    expect(second.qr_token).not.toBe(body.qr_token);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { qr_token: body.qr_token } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { qr_token: second.qr_token } })).statusCode).toBe(200);
  });

  it('404 for unknown users, 403 for non-admins', async () => {
    expect((await req('GET', '/auth/qr-code/999999')).statusCode).toBe(404);
    const w = await buildUser(t.db, 'warehouse_worker');
    expect((await req('GET', `/auth/qr-code/${w.id}`, undefined, w)).statusCode).toBe(403);
  });
});

/** The Arbeitsbereich of a user (docs/sync.md "Entities"): admin only, like the customer access list. */
async function twoRooms() {
  const a = await buildPlacedCompartments(t.db, 1);
  const b = await buildPlacedCompartments(t.db, 1);
  return [a.room.id, b.room.id].sort((x, y) => x - y);
}

describe('work_room_ids of a user', () => {
  it('is set on create, returned by the lists, replaced on edit, kept when not sent, cleared with []', async () => {
    const [r1, r2] = await twoRooms();
    const created = await req('POST', '/auth/register', { username: `w${uniq()}`, role: 'warehouse_worker', work_room_ids: [r2, r1, r2] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json().work_room_ids).toEqual([r1, r2]);
    const listed = (await req('GET', '/auth/users')).json() as Array<{ id: number; work_room_ids: number[] }>;
    expect(listed.find((u) => u.id === id)?.work_room_ids).toEqual([r1, r2]);

    const edited = await req('PUT', `/auth/users/${id}`, { role: 'warehouse_worker', work_room_ids: [r2] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().work_room_ids).toEqual([r2]);
    const kept = await req('PUT', `/auth/users/${id}`, { role: 'warehouse_worker', full_name: 'Lager Eins' });
    expect(kept.json().work_room_ids).toEqual([r2]);
    const cleared = await req('PUT', `/auth/users/${id}`, { role: 'warehouse_worker', work_room_ids: [] });
    expect(cleared.json().work_room_ids).toEqual([]);
    expect(await t.db.selectFrom('user_rooms').select('room_id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('refuses an unknown room with 400 and a German detail, and changes nothing', async () => {
    const [r1] = await twoRooms();
    const u = await buildUser(t.db, 'warehouse_worker');
    await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', work_room_ids: [r1] });
    const res = await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', work_room_ids: [r1, 2_000_000_000] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WORK_ROOM_NOT_FOUND', detail: 'Arbeitsbereich: Raum 2000000000 gibt es nicht' });
    const rows = await t.db.selectFrom('user_rooms').select('room_id').where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.room_id)).toEqual([r1]);
    const created = await req('POST', '/auth/register', { username: `w${uniq()}`, role: 'warehouse_worker', work_room_ids: [2_000_000_000] });
    expect(created.statusCode).toBe(400);
  });

  it('is refused to non-admins with 403', async () => {
    const [r1] = await twoRooms();
    const target = await buildUser(t.db, 'warehouse_worker');
    for (const role of ['warehouse_manager', 'warehouse_worker'] as const) {
      const u = await buildUser(t.db, role);
      const res = await req('PUT', `/auth/users/${target.id}`, { role: 'warehouse_worker', work_room_ids: [r1] }, u);
      expect(res.statusCode).toBe(403);
    }
    expect(await t.db.selectFrom('user_rooms').select('room_id').where('user_id', '=', target.id).execute()).toEqual([]);
  });

  it('a customer user keeps no area', async () => {
    const [r1] = await twoRooms();
    const u = await buildUser(t.db, 'warehouse_worker');
    await req('PUT', `/auth/users/${u.id}`, { role: 'warehouse_worker', work_room_ids: [r1] });
    const cu = await buildUser(t.db, 'customer_user');
    const res = await req('PUT', `/auth/users/${u.id}`, { role: 'customer_user', customer_id: cu.customer_id, password: 'Geheim123!', work_room_ids: [r1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().work_room_ids).toEqual([]);
  });
});
