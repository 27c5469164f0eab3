import { CART_ASSIGNMENT_REASONS, reasonParams } from '../../../shared/i18n/errors/refusal-words';
import { WaveEntity } from '../../../shared/schemas/picking';
import { CompleteWaveCommand, CreateCartCommand } from '../../../shared/schemas/waves';
import { defineDeviceCommand } from '../../../sync/device/registry';
import type { LagerwerkDb } from '../../db';
import { LocalStockError } from '../stock/local-stock';
import { assertWaveAction, localWave } from '../picking/local-waves';

/**
 * picking.complete on the device: queued behind the wave's picks, so the
 * server completes the wave only after every pick of it was booked. The
 * local wave shows as completed at once; the next pull drops it from the set.
 */
export const completeWaveCommand = defineDeviceCommand(CompleteWaveCommand, async (args, db: LagerwerkDb) => {
  const local = await localWave(db, args.wave_id);
  if (!local) return { label: `Welle #${args.wave_id} abschließen` };
  assertWaveAction(local.wave, 'complete');
  return {
    label: `Welle ${local.wave.wave_number} abschließen`,
    effect: { rows: [{ table: WaveEntity.name, id: args.wave_id, set: { status: 'completed' } }] },
  };
});

/**
 * picking.createCart on the device: the corners of a rolling wave, checked
 * against the local wave that carries the pallet (the server checks again).
 */
export const createCartCommand = defineDeviceCommand(CreateCartCommand, async (args, db: LagerwerkDb) => {
  const local = (await db.waves.toArray()).find((w) => w.pallet_barcode?.toUpperCase() === args.pallet_barcode.toUpperCase());
  if (!local) return { label: `Ecken zuordnen auf Palette ${args.pallet_barcode}` };
  assertWaveAction(local, 'create_cart');
  const inWave = new Set(local.orders.map((o) => o.id));
  if (args.order_ids.some((id) => !inWave.has(id))) {
    throw new LocalStockError('CART_ASSIGNMENT_INVALID', reasonParams(CART_ASSIGNMENT_REASONS, 'not_one_wave'));
  }
  const corners = Object.entries(args.assignments)
    .map(([corner, orderId]) => `${corner}: ${local.orders.find((o) => o.id === orderId)?.order_number ?? orderId}`)
    .join(', ');
  return { label: `Ecken zuordnen (Welle ${local.wave_number}, Palette ${local.pallet_barcode}): ${corners}` };
});

export const waveCommands = [completeWaveCommand, createCartCommand];
