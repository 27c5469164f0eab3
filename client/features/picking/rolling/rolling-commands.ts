import type { WsWave } from '../../../../shared/schemas/picking';
import { db } from '../../../db';
import { syncEngine } from '../../../sync/engine';
import { completeWaveCommand, createCartCommand } from '../../waves/offline';
import { pickCommand, shortageCommand } from '../offline';
import { cornerAssignments, type RollingPick } from './rolling-steps';

/**
 * What a rolling pick queues on the device (args = the REST bodies plus
 * wave_id); the device plans check each against the local wave first, so a
 * refusal is thrown here and nothing is queued.
 */

/** picking.pick of `quantity` from the pick's stop (its batch, so the right stock row is taken). */
export async function queuePick(userId: number, waveId: number, p: RollingPick, quantity: number): Promise<void> {
  await pickCommand.enqueue(db, userId, {
    wave_id: waveId,
    order_id: p.order.id,
    product_ean: p.line.product_ean,
    location_barcode: p.stop.location_barcode,
    quantity,
    batch_number: p.stop.batch_number || undefined,
  });
  syncEngine.kick();
}

/** picking.shortage: `missing` pieces are not at the pick's place. */
export async function queueShortage(userId: number, waveId: number, p: RollingPick, missing: number): Promise<void> {
  await shortageCommand.enqueue(db, userId, {
    wave_id: waveId,
    order_id: p.order.id,
    product_ean: p.line.product_ean,
    location_barcode: p.stop.location_barcode,
    missing_quantity: missing,
  });
  syncEngine.kick();
}

/** After the last pick: the pallet's corners (picking.createCart), then picking.complete, in this order. */
export async function queueFinish(userId: number, wave: WsWave): Promise<void> {
  await createCartCommand.enqueue(db, userId, {
    pallet_barcode: wave.pallet_barcode ?? '',
    order_ids: wave.orders.map((o) => o.id),
    assignments: cornerAssignments(wave),
  });
  await completeWaveCommand.enqueue(db, userId, { wave_id: wave.id });
  syncEngine.kick();
}
