import { sql } from 'kysely';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { PREPARED } from '../../db/prepared';
import type { AppError } from '../../errors';
import { placeBlocked } from '../locations/blocked';
import { openStocktakeOf } from '../stocktakes/frozen';
import { waveTaken } from '../waves/holder';
import type { LockedWave } from '../waves/queries';
import type { TargetLine, TargetReservation } from './target';

/**
 * What a run of queued picks reads, read once for the whole run (docs/sync.md
 * "Set-based replay"): the run's waves, locked in id order as lockWave locks
 * one, their orders, every line of those orders and every reservation of those
 * lines with its place's blocked and frozen state. The run then decides pick by
 * pick in memory (picks-many.ts), changing this state as each booked pick
 * changes the database, so each pick sees what it would have read alone.
 */

export interface StateOrder {
  order_id: number;
  customer_id: number;
  order_number: string;
  status: string;
}

export interface StateWave extends LockedWave {
  orders: StateOrder[];
  /** The WAVE_TAKEN refusal when another user than the actor holds the wave (with the holder's name). */
  taken: AppError | null;
}

export interface StateLine extends TargetLine {
  order_id: number;
  ean: string;
  unit: string;
}

export interface StateReservation extends TargetReservation {
  /** The place as the blocked and frozen refusals name it (barcode, else code). */
  place: string;
  blocked: boolean;
  /** Number of the open stocktake counting the place, if any. */
  stocktake: string | null;
}

export interface PickState {
  waves: Map<number, StateWave>;
  /** Lines per order, in list order (sort index, id). */
  lines: Map<number, StateLine[]>;
  /** Reservations of all those lines, earliest expiry first, then by stock row; a row used up is removed. */
  reservations: StateReservation[];
}

export async function loadPickState(trx: Trx, actor: Actor, waveIds: number[]): Promise<PickState> {
  const ids = [...new Set(waveIds)].sort((a, b) => a - b);
  const { rows: waveRows } = await sql<Omit<LockedWave, 'order_ids'>>`${PREPARED}
    SELECT id, wave_number, name, status, pallet_barcode, pallet_id, disposable_pallet_id, picker_user_id
    FROM picking_waves WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`.execute(trx);
  const { rows: orderRows } = await sql<StateOrder & { wave_id: number }>`${PREPARED}
    SELECT wo.wave_id, wo.order_id, o.customer_id, o.order_number, o.status
    FROM picking_wave_orders wo JOIN outbound_orders o ON o.id = wo.order_id
    WHERE wo.wave_id = ANY(${ids}::int[]) ORDER BY wo.wave_id, wo.position`.execute(trx);
  const waves = new Map<number, StateWave>();
  for (const w of waveRows) {
    const orders = orderRows.filter((o) => o.wave_id === w.id).map(({ wave_id: _, ...o }) => o);
    const wave = { ...w, orders, order_ids: orders.map((o) => o.order_id), taken: null };
    // Rare (a replay normally comes from the holder): the holder's name as assertHolder reads it.
    const taken = w.picker_user_id !== null && w.picker_user_id !== actor.id ? await waveTaken(trx, wave) : null;
    waves.set(w.id, { ...wave, taken });
  }
  const orderIds = [...new Set(orderRows.map((o) => o.order_id))];
  const { rows: lineRows } = await sql<StateLine>`${PREPARED}
    SELECT i.id AS order_item_id, i.order_id, i.product_id, p.title, p.ean, i.quantity, i.picked_quantity, i.unit
    FROM outbound_order_items i JOIN products p ON p.id = i.product_id
    WHERE i.order_id = ANY(${orderIds}::int[]) ORDER BY i.sort_index, i.id`.execute(trx);
  const lines = new Map<number, StateLine[]>();
  for (const l of lineRows) lines.set(l.order_id, [...(lines.get(l.order_id) ?? []), l]);
  const { rows: reservations } = await sql<StateReservation>`${PREPARED}
    SELECT r.order_item_id, r.stock_id, r.quantity, s.batch_number, s.expiry_date, s.location_id,
           coalesce(l.barcode, l.id::text) AS location_barcode, coalesce(l.barcode, l.code) AS place,
           ${placeBlocked('s.location_id')} AS blocked, ${openStocktakeOf('s.location_id')} AS stocktake
    FROM order_reservations r JOIN stock s ON s.id = r.stock_id JOIN locations l ON l.id = s.location_id
    WHERE r.order_item_id IN (SELECT id FROM outbound_order_items WHERE order_id = ANY(${orderIds}::int[]))
    ORDER BY s.expiry_date ASC NULLS LAST, r.stock_id`.execute(trx);
  return { waves, lines, reservations };
}
