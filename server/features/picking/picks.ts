import { sql } from 'kysely';
import { allocatePick } from '../../../shared/domain/pick-allocation';
import { routeStops } from '../../../shared/domain/pick-route';
import type { PickRequest, PickResponse, ShortageRequest, ShortageResponse } from '../../../shared/schemas/picking';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { assertPlaceNotBlocked } from '../locations/blocked';
import { assertPlaceNotFrozen } from '../stocktakes/frozen';
import { consumeReservation, reserveUpTo, writeOffReservation } from '../outbound-orders/reservations';
import type { BookingMeta } from '../stock/service';
import { writeStatusLog } from '../status-logs/writer';
import { lineShortage } from './lists';
import { loadOrderStops } from './stops';
import { type PickTarget, resolveTarget, type TargetReservation, touchWave } from './target';

/**
 * Picks and shortages book stock when scanned (docs/fulfilment.md "What
 * books stock"). Both go through reservations.ts, the one writer of
 * reservations, so stock, reservation and ledger move together.
 */

/** Pieces picked / ordered over all lines of the wave's orders. */
async function waveProgress(trx: Trx, orderIds: number[]): Promise<{ picked: number; total: number }> {
  const r = await trx
    .selectFrom('outbound_order_items')
    .select([sql<number>`coalesce(sum(picked_quantity), 0)::int`.as('picked'), sql<number>`coalesce(sum(quantity), 0)::int`.as('total')])
    .where('order_id', 'in', orderIds)
    .executeTakeFirstOrThrow();
  return { picked: Number(r.picked), total: Number(r.total) };
}

/** The takes of `quantity` from the reservations at the place (shared rule); throws when the place holds less. Also used by picks-many.ts. */
export function allocate<R extends TargetReservation>(
  t: Pick<PickTarget, 'location_barcode'>,
  rows: R[],
  quantity: number,
  limitOf: (itemId: number) => number,
): Array<R & { take: number }> {
  const { takes, missing } = allocatePick(rows, quantity, limitOf);
  if (missing > 0) {
    throw new AppError('PICK_LOCATION_INSUFFICIENT', { location: t.location_barcode, reserved: quantity - missing, requested: quantity });
  }
  return takes.map(({ row, take }) => ({ ...row, take }));
}

/** POST /picking-waves/{id}/pick and the offline command picking.pick. */
export async function pick(trx: Trx, actor: Actor, waveId: number, input: PickRequest, meta: BookingMeta = {}): Promise<PickResponse> {
  const t = await resolveTarget(trx, actor, waveId, 'pick', input);
  // A blocked place gives nothing (docs/operations.md "Blocked places").
  await assertPlaceNotBlocked(trx, t.here[0].location_id);
  // A place being counted gives nothing until its counts are booked (docs/operations.md "Stocktake").
  await assertPlaceNotFrozen(trx, t.here[0].location_id);
  const remaining = t.lines.reduce((n, l) => n + l.quantity - l.picked_quantity, 0);
  if (input.quantity > remaining) {
    throw new AppError('PICK_TOO_MANY', { remaining, requested: input.quantity, title: t.lines[0].title });
  }
  let rows = t.here;
  if (input.batch_number) {
    const batch = input.batch_number.trim().toUpperCase();
    rows = rows.filter((r) => r.batch_number.toUpperCase() === batch);
    if (rows.length === 0) {
      throw new AppError('PICK_WRONG_BATCH', { expected: [...new Set(t.here.map((r) => r.batch_number || '–'))].join(', '), scanned: input.batch_number });
    }
  }
  const lineById = new Map(t.lines.map((l) => [l.order_item_id, l]));
  const takes = allocate(t, rows, input.quantity, (id) => {
    const l = lineById.get(id);
    return l ? l.quantity - l.picked_quantity : 0;
  });
  for (const r of takes) {
    await consumeReservation(trx, {
      order_item_id: r.order_item_id,
      stock_id: r.stock_id,
      quantity: r.take,
      meta: { user_id: actor.id, client_id: meta.client_id ?? null, mutation_id: meta.mutation_id ?? null },
      locationLabel: t.location_barcode,
    });
    const l = lineById.get(r.order_item_id);
    if (l) l.picked_quantity += r.take;
  }
  await touchWave(trx, t.wave.id);
  const line = lineById.get(takes[0].order_item_id) ?? t.lines[0];
  const ordered = t.lines.reduce((n, l) => n + l.quantity, 0);
  const picked = t.lines.reduce((n, l) => n + l.picked_quantity, 0);
  return {
    order_id: input.order_id,
    order_item_id: line.order_item_id,
    picked_quantity: picked,
    quantity_ordered: ordered,
    remaining: ordered - picked,
    wave_progress: await waveProgress(trx, t.wave.order_ids),
  };
}

/**
 * POST /picking-waves/{id}/shortage and picking.shortage: the reserved units
 * are not at the place. They are booked off there (adjustment), and the line
 * reserves what the customer has free elsewhere, so the list offers the next place.
 */
export async function reportShortage(trx: Trx, actor: Actor, waveId: number, input: ShortageRequest, meta: BookingMeta = {}): Promise<ShortageResponse> {
  const t = await resolveTarget(trx, actor, waveId, 'pick', input);
  await assertPlaceNotFrozen(trx, t.here[0].location_id);
  const takes = allocate(t, t.here, input.missing_quantity, () => Number.POSITIVE_INFINITY);
  const movementMeta = {
    user_id: actor.id,
    notes: input.note ?? 'Fehlmenge beim Kommissionieren',
    client_id: meta.client_id ?? null,
    mutation_id: meta.mutation_id ?? null,
  };
  const writtenOff = new Map<number, number>();
  for (const r of takes) {
    await writeOffReservation(trx, {
      order_item_id: r.order_item_id,
      stock_id: r.stock_id,
      quantity: r.take,
      meta: movementMeta,
      locationLabel: t.location_barcode,
    });
    writtenOff.set(r.order_item_id, (writtenOff.get(r.order_item_id) ?? 0) + r.take);
  }
  let reservedElsewhere = 0;
  for (const [itemId, n] of writtenOff) {
    const line = t.lines.find((l) => l.order_item_id === itemId);
    if (!line) continue;
    reservedElsewhere += await reserveUpTo(
      trx,
      { order_item_id: itemId, customer_id: t.customer_id, product_id: line.product_id, quantity: n },
      { excludeLocationId: takes[0].location_id },
    );
  }
  const itemId = takes[0].order_item_id;
  await writeStatusLog(trx, actor, {
    event_type: 'pick_discrepancy',
    wave_id: t.wave.id,
    order_id: input.order_id,
    description: `Fehlmenge: ${input.missing_quantity} × ${input.product_ean} fehlen am Lagerort ${t.location_barcode} (Auftrag ${t.order_number})`,
    event_data: {
      ean: input.product_ean,
      location: t.location_barcode,
      missing_quantity: input.missing_quantity,
      note: input.note ?? null,
      order_item_id: itemId,
      reserved_elsewhere: reservedElsewhere,
    },
  });
  await touchWave(trx, t.wave.id);
  const { lines, stops } = await loadOrderStops(trx, [input.order_id]);
  const mine = stops.filter((s) => s.order_item_id === itemId);
  const line = lines.find((l) => l.order_item_id === itemId);
  return {
    order_id: input.order_id,
    order_item_id: itemId,
    written_off: input.missing_quantity,
    reserved_elsewhere: reservedElsewhere,
    shortage: line ? lineShortage(line, stops) : 0,
    next_locations: routeStops(mine).stops.map((s) => ({
      location_id: s.location_id,
      location_barcode: s.location_barcode,
      full_path: s.full_path,
      batch_number: s.batch_number,
      expiry_date: s.expiry_date,
      quantity: s.reserved_quantity,
    })),
  };
}
