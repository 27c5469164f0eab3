import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildPlacedCompartments, buildUser } from '../../helpers/factories';

/** The Arbeitsbereich of a user (docs/sync.md "Entities"): admin only, like the customer access list. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.db, 'admin');
});
afterAll(async () => t.close());

let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

function req(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who: { id: number; role: string } = admin) {
  return t.app.inject({ method, url: `/api${url}`, headers: auth(t.app, who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

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
