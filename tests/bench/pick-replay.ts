import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadActor } from '../../server/auth/users';
import type { DbHandle } from '../../server/db/index';
import { createOrder } from '../../server/features/outbound-orders/service';
import { addStock } from '../../server/features/stock/ledger';
import { OrderRequest } from '../../shared/schemas/orders';
import { type Mutation, PROTOCOL_VERSION, WORKING_SET_SCHEMA_VERSION } from '../../sync/protocol';
import { jsonClient } from './http-client';
import type { ReplayFigures } from './replay';
import type { Seed } from './setup';

/**
 * Replay of a picking shift: D pickers come back online, each with an
 * offline queue of P `picking.pick` scans of one wave (one order of three
 * lines, each line reserved at its own place), and push it in batches
 * (sequentially per device, devices in parallel). Every scan books through
 * the reservation module: stock and reservation fall, the line's picked
 * quantity rises, the movement is written, the wave is touched.
 */

const LINES = 3;

export async function seedPickingShift(handle: DbHandle, s: Seed, devices: number, perDevice: number): Promise<Mutation[][]> {
  const db = handle.db;
  const perLine = Math.ceil(perDevice / LINES);
  const actor = await loadActor(db, s.userId);
  if (!actor) throw new Error('bench user missing');
  const products = await db.selectFrom('products').select(['id', 'ean']).where('ean', 'in', s.eans).orderBy('id').execute();
  const places = await db.selectFrom('locations').select(['id', 'barcode']).where('barcode', 'in', s.barcodes).orderBy('id').execute();
  const queues: Mutation[][] = [];
  for (let d = 0; d < devices; d++) {
    const lines = Array.from({ length: LINES }, (_, k) => ({
      product: products[(d * LINES + k) % products.length],
      place: places[(d * LINES + k) % places.length],
    }));
    const wave = await db.transaction().execute(async (trx) => {
      for (const l of lines) {
        await addStock(trx, { product_id: l.product.id, customer_id: s.customerId, location_id: l.place.id }, perLine, {
          movement_type: 'inbound',
          user_id: s.userId,
        });
      }
      const order = await createOrder(
        trx,
        actor,
        OrderRequest.parse({
          customer_id: s.customerId,
          delivery_name: `Bench ${d}`,
          delivery_address: 'Hauptstraße 1',
          delivery_city: 'Berlin',
          delivery_postal_code: '10115',
          delivery_country: 'DE',
          items: lines.map((l) => ({ product_id: l.product.id, quantity: perLine })),
        }),
      );
      const w = await trx
        .insertInto('picking_waves')
        .values({
          wave_number: sql<string>`'W-BENCH-' || lpad(nextval('wave_number_seq')::text, 6, '0')`,
          name: `Bench-Welle ${d}`,
          status: 'picking',
          creation_method: 'single',
          pallet_barcode: `DISP-BENCH${String(d).padStart(3, '0')}`,
          picker_user_id: s.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('picking_wave_orders').values({ wave_id: w.id, order_id: order.id, position: 0 }).execute();
      await trx.updateTable('outbound_orders').set({ status: 'picking' }).where('id', '=', order.id).execute();
      // Pick where the order's units really are reserved (FEFO may have taken older stock elsewhere).
      const reserved = await trx
        .selectFrom('order_reservations as r')
        .innerJoin('outbound_order_items as i', 'i.id', 'r.order_item_id')
        .innerJoin('products as p', 'p.id', 'i.product_id')
        .innerJoin('stock as st', 'st.id', 'r.stock_id')
        .innerJoin('locations as l', 'l.id', 'st.location_id')
        .select(['p.ean', 'l.barcode', 'r.quantity'])
        .where('i.order_id', '=', order.id)
        .orderBy('r.id')
        .execute();
      const units = reserved.flatMap((r) => Array.from({ length: r.quantity }, () => ({ ean: r.ean, barcode: r.barcode as string })));
      return { waveId: w.id, orderId: order.id, units };
    });
    queues.push(
      wave.units.slice(0, perDevice).map(
        (u, i): Mutation => ({
          id: i + 1,
          name: 'picking.pick',
          userId: s.userId,
          createdAt: new Date().toISOString(),
          args: { wave_id: wave.waveId, order_id: wave.orderId, product_ean: u.ean, location_barcode: u.barcode, quantity: 1 },
        }),
      ),
    );
  }
  return queues;
}

export async function benchPickReplay(baseUrl: string, token: string, queues: Mutation[][], batch: number): Promise<ReplayFigures> {
  const http = jsonClient(baseUrl, queues.length);
  let applied = 0;
  let pushes = 0;
  let failedPushes = 0;
  const started = performance.now();
  await Promise.all(
    queues.map(async (mutations) => {
      const clientId = `bench-pick-${randomUUID()}`;
      for (let i = 0; i < mutations.length; ) {
        const res = await http.post('/api/sync/push', token, {
          protocolVersion: PROTOCOL_VERSION,
          schemaVersion: WORKING_SET_SCHEMA_VERSION,
          clientId,
          mutations: mutations.slice(i, i + batch),
        });
        pushes++;
        const body = JSON.parse(res.body) as { lastMutationId?: number; results?: Array<{ status: string }> };
        if (res.status !== 200 && res.status !== 503) throw new Error(`push failed with ${res.status}: ${JSON.stringify(body)}`);
        if (res.status !== 200) failedPushes++;
        applied += (body.results ?? []).filter((r) => r.status === 'applied').length;
        i = body.lastMutationId ?? i;
      }
    }),
  );
  http.close();
  const seconds = (performance.now() - started) / 1000;
  const mutations = queues.reduce((n, q) => n + q.length, 0);
  return { mutations, seconds, perSecond: mutations / seconds, applied, pushes, failedPushes };
}
