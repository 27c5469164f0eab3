import { gtinVariants } from '../../../shared/domain/product-code';
import type { PickRequest, PickResponse } from '../../../shared/schemas/picking';
import { RefusedInRun } from '../../../sync/server/registry';
import type { Actor } from '../../auth/actor';
import { canSeeCustomer } from '../../auth/scope';
import type { Trx } from '../../db/index';
import { AppError, isAppError } from '../../errors';
import { allocate } from './picks';
import { type PickTake, writePickTakes } from './picks-write';
import { loadPickState, type PickState, type StateReservation } from './picks-state';
import { assertWaveAction } from './target';

/**
 * picking.pick for a run of queued picks of one push (docs/sync.md
 * "Set-based replay"): the run's waves, lines and reservations are read once
 * (picks-state.ts), each pick is decided in order in memory with the checks,
 * refusals and takes of pick() in picks.ts (the reference, still run for
 * REST and for the careful replay), and the booked takes are written together
 * (picks-write.ts). A refused pick books nothing and answers its refusal
 * (RefusedInRun); the run goes on as the one-by-one replay would.
 */

export interface PickItem {
  args: PickRequest & { wave_id: number };
  mutationId: number;
}

export async function pickMany(trx: Trx, actor: Actor, clientId: string, items: PickItem[]): Promise<Array<PickResponse | RefusedInRun>> {
  const state = await loadPickState(
    trx,
    actor,
    items.map((i) => i.args.wave_id),
  );
  const takes: PickTake[] = [];
  const answers = items.map(({ args: { wave_id, ...input }, mutationId }) => {
    try {
      const decided = decidePick(state, actor, wave_id, input);
      for (const t of decided.takes) takes.push({ ...t, wave_id, mutation_id: mutationId });
      return decided.response;
    } catch (e) {
      // Only the refusals pick() gives; anything else fails the run (the replay then goes one by one).
      if (isAppError(e)) return new RefusedInRun(e);
      throw e;
    }
  });
  await writePickTakes(trx, actor, clientId, takes);
  return answers;
}

type DecidedTake = Omit<PickTake, 'wave_id' | 'mutation_id'>;

/** One pick decided on the state as resolveTarget and pick() decide it; the state is changed as booking it changes the database. */
function decidePick(state: PickState, actor: Actor, waveId: number, input: PickRequest): { response: PickResponse; takes: DecidedTake[] } {
  // resolveTarget (target.ts), in its order.
  const wave = state.waves.get(waveId);
  if (!wave || wave.orders.some((o) => !canSeeCustomer(actor.scope, o.customer_id))) throw new AppError('WAVE_NOT_FOUND', { id: waveId });
  assertWaveAction(wave, 'pick');
  if (wave.taken) throw wave.taken;
  const order = wave.orders.find((o) => o.order_id === input.order_id);
  if (!order) throw new AppError('PICK_ORDER_NOT_IN_WAVE', { order_id: input.order_id, wave: wave.wave_number });
  if (order.status === 'cancelled') throw new AppError('PICK_ORDER_CANCELLED', { number: order.order_number });
  const eans = new Set(gtinVariants(input.product_ean));
  const lines = (state.lines.get(order.order_id) ?? []).filter((l) => eans.has(l.ean));
  if (lines.length === 0) throw new AppError('PICK_PRODUCT_NOT_IN_ORDER', { ean: input.product_ean });
  if (lines.every((l) => l.picked_quantity >= l.quantity)) {
    throw new AppError('PICK_TOO_MANY', { remaining: 0, requested: input.quantity ?? 1, title: lines[0].title });
  }
  const lineRank = new Map(lines.map((l, i) => [l.order_item_id, i]));
  const all = state.reservations.filter((r) => lineRank.has(r.order_item_id));
  const scanned = input.location_barcode.trim().toUpperCase();
  const here = all
    .filter((r) => r.location_barcode.toUpperCase() === scanned)
    .sort((a, b) => (lineRank.get(a.order_item_id) ?? 0) - (lineRank.get(b.order_item_id) ?? 0));
  if (here.length === 0) {
    const expected = [...new Set(all.map((r) => r.location_barcode))].join(', ');
    throw new AppError('PICK_WRONG_LOCATION', { expected: expected || '–', scanned: input.location_barcode });
  }
  // pick() (picks.ts), in its order.
  if (here[0].blocked) throw new AppError('LOCATION_BLOCKED', { barcode: here[0].place });
  if (here[0].stocktake) throw new AppError('LOCATION_IN_STOCKTAKE', { barcode: here[0].place, number: here[0].stocktake });
  const remaining = lines.reduce((n, l) => n + l.quantity - l.picked_quantity, 0);
  if (input.quantity > remaining) throw new AppError('PICK_TOO_MANY', { remaining, requested: input.quantity, title: lines[0].title });
  let rows: StateReservation[] = here;
  if (input.batch_number) {
    const batch = input.batch_number.trim().toUpperCase();
    rows = rows.filter((r) => r.batch_number.toUpperCase() === batch);
    if (rows.length === 0) {
      throw new AppError('PICK_WRONG_BATCH', { expected: [...new Set(here.map((r) => r.batch_number || '–'))].join(', '), scanned: input.batch_number });
    }
  }
  const lineById = new Map(lines.map((l) => [l.order_item_id, l]));
  const target = { location_barcode: here[0].location_barcode };
  const allocated = allocate(target, rows, input.quantity, (id) => {
    const l = lineById.get(id);
    return l ? l.quantity - l.picked_quantity : 0;
  });
  // Booked: the reservation shrinks (gone at 0), the line's picked quantity rises (consumeReservation).
  const takes: DecidedTake[] = [];
  for (const r of allocated) {
    const l = lineById.get(r.order_item_id);
    if (!l) throw new Error('set-based pick: a take without its line');
    const row = state.reservations.find((x) => x.order_item_id === r.order_item_id && x.stock_id === r.stock_id);
    if (!row) throw new Error('set-based pick: a take without its reservation');
    row.quantity -= r.take;
    if (row.quantity === 0) state.reservations.splice(state.reservations.indexOf(row), 1);
    l.picked_quantity += r.take;
    takes.push({ order_item_id: r.order_item_id, stock_id: r.stock_id, quantity: r.take, order_id: l.order_id, unit: l.unit });
  }
  const line = lineById.get(allocated[0].order_item_id) ?? lines[0];
  const ordered = lines.reduce((n, l) => n + l.quantity, 0);
  const picked = lines.reduce((n, l) => n + l.picked_quantity, 0);
  const waveLines = wave.order_ids.flatMap((id) => state.lines.get(id) ?? []);
  return {
    response: {
      order_id: input.order_id,
      order_item_id: line.order_item_id,
      picked_quantity: picked,
      quantity_ordered: ordered,
      remaining: ordered - picked,
      wave_progress: { picked: waveLines.reduce((n, l) => n + l.picked_quantity, 0), total: waveLines.reduce((n, l) => n + l.quantity, 0) },
    },
    takes,
  };
}
