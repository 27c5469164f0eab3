import { PickCommand, SaveProgressCommand, ShortageCommand, WaveEntity } from '../../../shared/schemas/picking';
import { defineDeviceCommand, deviceTable } from '../../../sync/device/registry';
import type { ListDelta, LocalEffect } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';
import { assertNotFrozen, findLocation, LocalStockError } from '../stock/local-stock';
import { allocate, assertWaveAction, localWave, type Take, type WaveTarget, waveTarget } from './local-waves';

/**
 * Picking on the device: the working-set table of the picker's waves and the
 * offline commands picking.pick, picking.shortage and picking.saveProgress
 * (their args are the REST bodies plus wave_id). The plans check a scan
 * against the local wave with the server's codes and in its order
 * (server/features/picking/target.ts, picks.ts), so a wrong scan is answered
 * at once and never queued (a place being counted too, docs/operations.md "Stocktake"), and show its effect at once: the stock at the
 * place falls, and the wave's lines and stops move on (sync/device RowPatch).
 * A wave the device does not hold is queued unchecked: the server decides.
 */
export const waveTable = deviceTable(WaveEntity, 'id, status');

const WAVES = WaveEntity.name;

/** The units leave the place: stock and reservation fall together, on each stop's stock row. */
function stockEffect(t: WaveTarget, takes: readonly Take[]): Pick<LocalEffect, 'stock'> {
  return {
    stock: takes.map(({ stop, take }) => ({
      ean: t.lines[0].product_ean,
      location_id: stop.location_id,
      customer_id: t.order.customer_id,
      stock_id: stop.stock_id,
      delta: -take,
      reserved: -take,
    })),
  };
}

function stopDeltas(takes: readonly Take[]): ListDelta[] {
  return takes.map(({ stop, take }) => ({
    list: 'stops',
    where: { order_item_id: stop.order_item_id, stock_id: stop.stock_id },
    field: 'quantity',
    delta: -take,
  }));
}

const where = (t: WaveTarget) => `${t.here[0].location_barcode} (Auftrag ${t.order.order_number})`;

export const pickCommand = defineDeviceCommand(PickCommand, async (args, db: LagerwerkDb) => {
  const local = await localWave(db, args.wave_id);
  if (!local) return { label: `Kommissioniert: ${args.quantity} × EAN ${args.product_ean} von ${args.location_barcode}` };
  const t = waveTarget(local.wave, args, 'pick');
  assertNotFrozen(await findLocation(db, t.here[0].location_barcode));
  if (args.quantity > t.remaining) {
    throw new LocalStockError('PICK_TOO_MANY', { remaining: t.remaining, requested: args.quantity, title: t.lines[0].product_title });
  }
  let stops = t.here;
  if (args.batch_number) {
    const batch = args.batch_number.trim().toUpperCase();
    stops = stops.filter((s) => s.batch_number.toUpperCase() === batch);
    if (stops.length === 0) {
      throw new LocalStockError('PICK_WRONG_BATCH', {
        expected: [...new Set(t.here.map((s) => s.batch_number || '–'))].join(', '),
        scanned: args.batch_number,
      });
    }
  }
  const takes = allocate(t, stops, args.quantity, (l) => l.quantity_ordered - l.picked_quantity);
  const lineDeltas: ListDelta[] = takes.map(({ stop, take }) => ({
    list: 'lines',
    where: { order_item_id: stop.order_item_id },
    field: 'picked_quantity',
    delta: take,
  }));
  return {
    label: `Kommissioniert: ${args.quantity} × ${t.lines[0].product_title} von ${where(t)}`,
    effect: { ...stockEffect(t, takes), rows: [{ table: WAVES, id: local.wave.id, add: [...lineDeltas, ...stopDeltas(takes)] }] },
  };
});

export const shortageCommand = defineDeviceCommand(ShortageCommand, async (args, db: LagerwerkDb) => {
  const local = await localWave(db, args.wave_id);
  if (!local) return { label: `Fehlmenge gemeldet: ${args.missing_quantity} × EAN ${args.product_ean} an ${args.location_barcode}` };
  const t = waveTarget(local.wave, args, 'pick');
  assertNotFrozen(await findLocation(db, t.here[0].location_barcode));
  const takes = allocate(t, t.here, args.missing_quantity, () => Number.POSITIVE_INFINITY);
  return {
    label: `Fehlmenge gemeldet: ${args.missing_quantity} × ${t.lines[0].product_title} an ${where(t)}`,
    // Booked off the place; a replacement the server reserves elsewhere arrives with the next pull as a new stop.
    effect: { ...stockEffect(t, takes), rows: [{ table: WAVES, id: local.wave.id, add: stopDeltas(takes) }] },
  };
});

/**
 * The server keeps the last position only (save-progress is last write wins),
 * so a newer position overwrites the wave's not yet sent one instead of
 * queueing behind it: one entry per wave between two pushes.
 */
export const saveProgressCommand = defineDeviceCommand(
  SaveProgressCommand,
  async ({ wave_id, ...progress }, db: LagerwerkDb) => {
    const local = await localWave(db, wave_id);
    if (!local) return { label: 'Fortschritt gespeichert' };
    assertWaveAction(local.wave, 'save_progress');
    return {
      label: `Fortschritt gespeichert (Welle ${local.wave.wave_number})`,
      effect: { rows: [{ table: WAVES, id: wave_id, set: { progress } }] },
    };
  },
  { replaceKey: ({ wave_id }) => `${SaveProgressCommand.name}:${wave_id}` },
);

export const pickingCommands = [pickCommand, shortageCommand, saveProgressCommand];
