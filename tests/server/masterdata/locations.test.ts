import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStock } from '../../../server/features/stock/ledger';
import { createTestApp, type TestApp } from '../../helpers/app';
import { auth, buildCustomer, buildProduct, buildStock, buildUser } from '../../helpers/factories';

let t: TestApp;
let admin: Record<string, string>;
let worker: Record<string, string>;
let buildingId: number;
let roomId: number;
let otherRoomId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(t.app, await buildUser(t.db, 'admin'));
  worker = auth(t.app, await buildUser(t.db, 'warehouse_manager'));
  const b = await t.db.insertInto('buildings').values({ building_code: 'LH', name: 'Lagerhalle' }).returning('id').executeTakeFirstOrThrow();
  buildingId = b.id;
  roomId = (await t.db.insertInto('rooms').values({ building_id: b.id, room_code: 'HL', name: 'Hauptlager' }).returning('id').executeTakeFirstOrThrow()).id;
  const b2 = await t.db.insertInto('buildings').values({ building_code: 'LX', name: 'Andere Halle' }).returning('id').executeTakeFirstOrThrow();
  otherRoomId = (await t.db.insertInto('rooms').values({ building_id: b2.id, room_code: 'X', name: 'Fremd' }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const rack = (query: string, headers = admin) => t.app.inject({ method: 'POST', url: `/api/locations/rack?${query}`, headers });
const hierarchy = async () => (await t.app.inject({ method: 'GET', url: '/api/locations/hierarchy', headers: admin })).json();

describe('POST /locations/rack (wizard)', () => {
  it('creates the rack with all levels and compartments, codes upper-cased and zero-padded', async () => {
    const res = await rack(
      `rack_code=a&name=Regal%20A&building_id=${buildingId}&room_id=${roomId}&levels=3&compartments_per_level=4&position_x=120&position_y=80`,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ rack_code: 'A', level_count: 3, compartment_count: 12 });
    expect(body.barcodes[0]).toBe('A-01-01');
    expect(body.barcodes).toContain('A-03-04');
    const h = await hierarchy();
    const a = h.find((r: { rack_code: string }) => r.rack_code === 'A');
    expect(a).toMatchObject({ building_name: 'Lagerhalle', room_name: 'Hauptlager', position_x: 120, position_y: 80, level_count: 3, compartment_count: 12 });
    expect(a.levels.map((l: { level_code: string }) => l.level_code)).toEqual(['01', '02', '03']);
    expect(a.levels[1].compartments.map((c: { barcode: string }) => c.barcode)).toEqual(['A-02-01', 'A-02-02', 'A-02-03', 'A-02-04']);
    // compartments carry the rack's building/room (location path)
    const comp = await t.db.selectFrom('locations').selectAll().where('barcode', '=', 'A-02-03').executeTakeFirstOrThrow();
    expect(comp).toMatchObject({ kind: 'compartment', building_id: buildingId, room_id: roomId, code: '03' });
  });

  it('defaults the position to 100,100 and creates a bare rack without structure', async () => {
    const res = await rack('rack_code=B1');
    expect(res.statusCode).toBe(201);
    const b = (await hierarchy()).find((r: { rack_code: string }) => r.rack_code === 'B1');
    expect(b).toMatchObject({ position_x: 100, position_y: 100, level_count: 0, building_id: null });
  });

  it('validates: code required, levels 1–10, compartments 1–20, room only with its building', async () => {
    const noCode = await rack('levels=2');
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().detail).toContain('Regalcode');
    const tooMany = await rack('rack_code=Z1&levels=11&compartments_per_level=2');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain('Höchstens 10 Ebenen');
    const tooWide = await rack('rack_code=Z2&levels=2&compartments_per_level=21');
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().detail).toContain('Höchstens 20 Fächer');
    const zero = await rack('rack_code=Z3&levels=0');
    expect(zero.statusCode).toBe(400);
    const badChars = await rack('rack_code=A-1');
    expect(badChars.statusCode).toBe(400);
    const roomOnly = await rack(`rack_code=Z4&room_id=${roomId}`);
    expect(roomOnly.statusCode).toBe(400);
    expect(roomOnly.json().detail).toBe('Ein Raum kann erst nach einem Gebäude gewählt werden');
    const wrongRoom = await rack(`rack_code=Z5&building_id=${buildingId}&room_id=${otherRoomId}`);
    expect(wrongRoom.statusCode).toBe(400);
    const dup = await rack('rack_code=a');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Regalcode A ist bereits vergeben');
    // nothing half-created by the refused calls
    const codes = (await hierarchy()).map((r: { rack_code: string }) => r.rack_code);
    expect(codes.filter((c: string) => c.startsWith('Z'))).toEqual([]);
  });

  it('refuses non-admins', async () => {
    expect((await rack('rack_code=W', worker)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/locations/hierarchy', headers: worker })).statusCode).toBe(200);
  });
});

describe('levels, compartments, edit, position', () => {
  it('adds levels and compartments with the next number, up to the limits', async () => {
    const r = (await rack('rack_code=LV&levels=1&compartments_per_level=1')).json();
    const lvl = await t.app.inject({ method: 'POST', url: `/api/locations/level?rack_id=${r.id}&compartments=2`, headers: admin });
    expect(lvl.statusCode).toBe(201);
    expect(lvl.json()).toMatchObject({ kind: 'level', code: '02' });
    const comp = await t.app.inject({ method: 'POST', url: `/api/locations/compartment?level_id=${lvl.json().id}`, headers: admin });
    expect(comp.statusCode).toBe(201);
    expect(comp.json()).toMatchObject({ kind: 'compartment', code: '03', barcode: 'LV-02-03' });
    const explicit = await t.app.inject({ method: 'POST', url: `/api/locations/compartment?level_id=${lvl.json().id}&compartment_code=7`, headers: admin });
    expect(explicit.json().barcode).toBe('LV-02-07');
    const dup = await t.app.inject({ method: 'POST', url: `/api/locations/compartment?level_id=${lvl.json().id}&compartment_code=07`, headers: admin });
    expect(dup.statusCode).toBe(409);
    const wrongParent = await t.app.inject({ method: 'POST', url: `/api/locations/compartment?level_id=${r.id}`, headers: admin });
    expect(wrongParent.statusCode).toBe(400);
    const big = (await rack('rack_code=FULL&levels=10&compartments_per_level=20')).json();
    expect(big.compartment_count).toBe(200);
    const eleventh = await t.app.inject({ method: 'POST', url: `/api/locations/level?rack_id=${big.id}`, headers: admin });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().detail).toBe('Ein Regal hat höchstens 10 Ebenen');
    expect((await t.app.inject({ method: 'POST', url: '/api/locations/level?rack_id=999999', headers: admin })).statusCode).toBe(404);
  });

  it('PUT edits name/description and moves the rack with its subtree to another room', async () => {
    const r = (await rack(`rack_code=MV&levels=1&compartments_per_level=1&building_id=${buildingId}`)).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/locations/${r.id}`,
      headers: admin,
      payload: { name: 'Schwerlast', description: 'bis 500 kg', building_id: buildingId, room_id: roomId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Schwerlast' });
    const comp = await t.db.selectFrom('locations').select(['room_id', 'building_id']).where('barcode', '=', 'MV-01-01').executeTakeFirstOrThrow();
    expect(comp).toEqual({ room_id: roomId, building_id: buildingId });
    const list = (await t.app.inject({ method: 'GET', url: `/api/locations/?room_id=${roomId}`, headers: admin })).json();
    expect(list.find((l: { barcode: string }) => l.barcode === 'MV-01-01')).toMatchObject({
      full_path: 'Lagerhalle / Hauptlager / MV-01-01',
      rack_code: 'MV',
      level_code: '01',
      compartment_code: '01',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/locations/${r.id}`,
      headers: admin,
      payload: { building_id: buildingId, room_id: otherRoomId },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/locations/999999', headers: admin, payload: {} })).statusCode).toBe(404);
  });

  it('PATCH position persists (decimetres) and validates', async () => {
    const r = (await rack('rack_code=POS')).json();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/locations/${r.id}/position`, headers: admin, payload: { position_x: 250, position_y: 42.5 } });
    expect(res.statusCode).toBe(200);
    const p = (await hierarchy()).find((x: { id: number }) => x.id === r.id);
    expect([p.position_x, p.position_y]).toEqual([250, 42.5]);
    const neg = await t.app.inject({ method: 'PATCH', url: `/api/locations/${r.id}/position`, headers: admin, payload: { position_x: -1, position_y: 0 } });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().detail).toContain('Position X');
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/locations/${r.id}/position`, headers: worker, payload: { position_x: 1, position_y: 1 } })).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /locations/:id', () => {
  it('409 while stock is stored; removes the subtree and tombstones compartments otherwise', async () => {
    const r = (await rack('rack_code=DL&levels=2&compartments_per_level=2')).json();
    const comps = await t.db.selectFrom('locations').select(['id', 'barcode']).where('rack_id', '=', r.id).where('kind', '=', 'compartment').execute();
    const target = comps.find((c) => c.barcode === 'DL-02-01')!;
    const p = await buildProduct(t.db);
    const c = await buildCustomer(t.db);
    const s = await buildStock(t.db, { product_id: p.id, customer_id: c.id, location_id: target.id, quantity: 5 });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/locations/${r.id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Regal DL kann nicht gelöscht werden: dort lagern noch 5 Stück');
    const refusedComp = await t.app.inject({ method: 'DELETE', url: `/api/locations/${target.id}`, headers: admin });
    expect(refusedComp.statusCode).toBe(409);
    expect(refusedComp.json().detail).toContain('Fach DL-02-01');

    // an empty compartment without history is removed outright
    const empty = comps.find((x) => x.barcode === 'DL-01-01')!;
    const one = await t.app.inject({ method: 'DELETE', url: `/api/locations/${empty.id}`, headers: admin });
    expect(one.statusCode).toBe(200);
    expect(await t.db.selectFrom('locations').select('id').where('id', '=', empty.id).executeTakeFirst()).toBeUndefined();

    // emptied: the rack goes; the compartment with history is retired, its barcode freed
    const stockId =
      (s as { stock_id?: number; id?: number }).stock_id ??
      (await t.db.selectFrom('stock').select('id').where('location_id', '=', target.id).executeTakeFirstOrThrow()).id;
    await t.db.transaction().execute((trx) => removeStock(trx, stockId, 5, { movement_type: 'outbound', user_id: null }));
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/locations/${r.id}`, headers: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, removed_compartments: 3 });
    const tombstones = await t.db.selectFrom('sync_tombstones').select('entity_id').where('entity', '=', 'location').execute();
    const ids = tombstones.map((x) => x.entity_id);
    for (const comp of comps) expect(ids).toContain(String(comp.id));
    expect((await hierarchy()).find((x: { id: number }) => x.id === r.id)).toBeUndefined();
    const retired = await t.db.selectFrom('locations').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(retired).toMatchObject({ is_active: false, barcode: null });
    expect(retired.code).toContain('DL-02-01');
    // the code can be used again
    const again = await rack('rack_code=DL&levels=2&compartments_per_level=1');
    expect(again.statusCode).toBe(201);
    expect(again.json().barcodes).toContain('DL-02-01');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/locations/999999', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/locations/${again.json().id}`, headers: worker })).statusCode).toBe(403);
  });
});

describe('GET /locations/:id/labels-batch.pdf', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'lw-labels-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  function decode(pdf: Buffer, name: string): string[] {
    const file = join(tmp, `${name}.pdf`);
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', '300', '-png', file, join(tmp, name)]);
    const pages = readdirSync(tmp)
      .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
      .sort();
    return pages.map((p) => execFileSync('zbarimg', ['-q', '--raw', join(tmp, p)], { encoding: 'utf8' }).trim());
  }

  it('renders one Code 128 label per compartment that decodes to the barcode', async () => {
    const r = (await rack(`rack_code=LB&levels=2&compartments_per_level=2&building_id=${buildingId}&room_id=${roomId}`)).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/locations/${r.id}/labels-batch.pdf`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const decoded = decode(pdf, 'rack');
    expect(decoded).toEqual(['LB-01-01', 'LB-01-02', 'LB-02-01', 'LB-02-02']);
    // human-readable path on the label
    const text = execFileSync('pdftotext', [join(tmp, 'rack.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Lagerhalle / Hauptlager');
    expect(text).toContain('LB-02-01');
    // page size 100 × 50 mm
    const info = execFileSync('pdfinfo', [join(tmp, 'rack.pdf')], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+283\.46\d* x 141\.73\d* pts/);
  });

  it('one label for a compartment id; 409 for an empty rack; 403/404', async () => {
    const comp = await t.db.selectFrom('locations').select('id').where('barcode', '=', 'LB-02-02').executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/locations/${comp.id}/labels-batch.pdf`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(decode(res.rawPayload, 'single')).toEqual(['LB-02-02']);
    const bare = (await rack('rack_code=NOLBL')).json();
    const empty = await t.app.inject({ method: 'GET', url: `/api/locations/${bare.id}/labels-batch.pdf`, headers: admin });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().detail).toContain('Keine Fächer');
    expect((await t.app.inject({ method: 'GET', url: `/api/locations/${comp.id}/labels-batch.pdf`, headers: worker })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/locations/999999/labels-batch.pdf', headers: admin })).statusCode).toBe(404);
  });
});
