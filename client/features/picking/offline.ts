import { PickCommand, SaveProgressCommand, ShortageCommand, WaveEntity } from '../../../shared/schemas/picking';
import { defineDeviceCommand, deviceTable } from '../../../sync/device/registry';
import type { ListDelta, LocalEffect } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';
import { LocalStockError } from '../stock/local-stock';
import { assertWaveAction, localWave, spreadOverStops, type WaveTarget, waveTarget } from './local-waves';

/**
 * Picking on the device: the working-set table of the picker's waves and the
 * offline commands picking.pick, picking.shortage and picking.saveProgress
 * (their args are the REST bodies plus wave_id). The plans check a scan
 * against the local wave with the server's codes, so a wrong scan is answered
 * at once and never queued, and show its effect at once: the stock at the
 * place falls, and the wave's line and stop move on (sync/device RowPatch).
 * A wave the device does not hold is queued unchecked: the server decides.
 */
export const waveTable = deviceTable(WaveEntity, 'id, status');

const WAVES = WaveEntity.name;

/** The units leave the place: stock and reservation fall together, on the stop's stock row. */
function takeFrom(t: WaveTarget, taken: Array<{ stop: WaveTarget['stops'][number]; take: number }>): Pick<LocalEffect, 'stock'> {
  return {
    stock: taken.map(({ stop, take }) => ({
      ean: t.line.product_ean,
      location_id: stop.location_id,
      customer_id: t.order.customer_id,
      stock_id: stop.stock_id,
      delta: -take,
      reserved: -take,
    })),
  };
}

function stopDeltas(taken: Array<{ stop: WaveTarget['stops'][number]; take: number }>): ListDelta[] {
  return taken.map(({ stop, take }) => ({
    list: 'stops',
    where: { order_item_id: stop.order_item_id, stock_id: stop.stock_id },
    field: 'quantity',
    delta: -take,
  }));
}

/** The reservations at the place cannot give that much (the server's consumeReservation refusal). */
function assertReserved(t: WaveTarget, taken: Array<{ take: number }>, requested: number): void {
  const reserved = taken.reduce((s, x) => s + x.take, 0);
  if (reserved < requested) throw new LocalStockError('RESERVATION_INSUFFICIENT', { stock_id: t.stops[0].stock_id, reserved, requested });
}

export const pickCommand = defineDeviceCommand(PickCommand, async (args, db: LagerwerkDb) => {
  const local = await localWave(db, args.wave_id);
  if (!local) return { label: `Kommissioniert: ${args.quantity} × EAN ${args.product_ean} von ${args.location_barcode}` };
  const t = waveTarget(local.wave, args, 'pick');
  if (args.quantity > t.remaining) {
    throw new LocalStockError('PICK_TOO_MANY', { remaining: t.remaining, requested: args.quantity, title: t.line.product_title });
  }
  const taken = spreadOverStops(t.stops, args.quantity, args.batch_number);
  assertReserved(t, taken, args.quantity);
  return {
    label: `Kommissioniert: ${args.quantity} × ${t.line.product_title} von ${t.stops[0].location_barcode} (Auftrag ${t.order.order_number})`,
    effect: {
      ...takeFrom(t, taken),
      rows: [
        {
          table: WAVES,
          id: local.wave.id,
          add: [{ list: 'lines', where: { order_item_id: t.line.order_item_id }, field: 'picked_quantity', delta: args.quantity }, ...stopDeltas(taken)],
        },
      ],
    },
  };
});

export const shortageCommand = defineDeviceCommand(ShortageCommand, async (args, db: LagerwerkDb) => {
  const local = await localWave(db, args.wave_id);
  if (!local) return { label: `Fehlmenge gemeldet: ${args.missing_quantity} × EAN ${args.product_ean} an ${args.location_barcode}` };
  const t = waveTarget(local.wave, args, 'pick');
  const taken = spreadOverStops(t.stops, args.missing_quantity);
  assertReserved(t, taken, args.missing_quantity);
  return {
    label: `Fehlmenge gemeldet: ${args.missing_quantity} × ${t.line.product_title} an ${t.stops[0].location_barcode} (Auftrag ${t.order.order_number})`,
    // The missing units are booked off the place; where the server reserves a replacement, the next pull brings its stop.
    effect: { ...takeFrom(t, taken), rows: [{ table: WAVES, id: local.wave.id, add: stopDeltas(taken) }] },
  };
});

export const saveProgressCommand = defineDeviceCommand(SaveProgressCommand, async ({ wave_id, ...progress }, db: LagerwerkDb) => {
  const local = await localWave(db, wave_id);
  if (!local) return { label: 'Fortschritt gespeichert' };
  assertWaveAction(local.wave, 'save_progress');
  return {
    label: `Fortschritt gespeichert (Welle ${local.wave.wave_number})`,
    effect: { rows: [{ table: WAVES, id: wave_id, set: { progress } }] },
  };
});

export const pickingCommands = [pickCommand, shortageCommand, saveProgressCommand];
