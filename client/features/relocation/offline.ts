import type { WsLocation } from '../../../shared/schemas/locations';
import { StockRelocateCommand } from '../../../shared/schemas/relocation';
import { available, type EffectiveStock, planOutbound } from '../../../sync/device/overlay';
import { defineDeviceCommand } from '../../../sync/device/registry';
import type { OutboxEntry } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';
import { formatMessage } from '../../../shared/i18n/format';
import { RELOCATION_TEXTS } from '../../../shared/i18n/relocation';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';
import { assertNotFrozen, findLocation, findProduct, LocalStockError, stockOfProduct } from '../stock/local-stock';

/**
 * Umlagern on the device (docs/operations.md "Relocation"): the offline
 * command stock.relocate, whose args are exactly the POST /relocations body.
 * The plan checks the free units at the source in the local working set and
 * moves them at once (minus at the source rows, plus at the target); the
 * check and the enqueue share one transaction, like Auslagern.
 */

/** Free units of one product, customer and batch at one place, as the device sees them now. */
export interface RelocationSource {
  customer_id: number;
  batch_number: string;
  free: number;
  rows: EffectiveStock[];
}

/** What may be moved away from a place, grouped by customer and batch (the screen lets the person choose when there are several). */
export async function relocationSources(db: LagerwerkDb, ean: string, locationId: number): Promise<RelocationSource[]> {
  const groups = new Map<string, RelocationSource>();
  for (const r of await stockOfProduct(db, ean)) {
    if (r.location_id !== locationId) continue;
    const key = `${r.customer_id}\u0000${r.batch_number}`;
    const g = groups.get(key) ?? { customer_id: r.customer_id, batch_number: r.batch_number, free: 0, rows: [] };
    g.free += available(r);
    g.rows.push(r);
    groups.set(key, g);
  }
  return [...groups.values()].filter((g) => g.free > 0);
}

export const stockRelocate = defineDeviceCommand(StockRelocateCommand, async (args, db: LagerwerkDb) => {
  const [from, to, product] = await Promise.all([
    findLocation(db, args.from_location_barcode),
    findLocation(db, args.to_location_barcode),
    findProduct(db, args.ean),
  ]);
  const fromCode = from?.barcode ?? args.from_location_barcode;
  const label = formatMessage(texts(RELOCATION_TEXTS).outboxLabel, {
    title: product?.title ?? texts(STOCK_TEXTS).eanLine(args.ean),
    qty: args.quantity,
    from: fromCode,
    to: to?.barcode ?? args.to_location_barcode,
  });
  if (from && to && from.id === to.id) throw new LocalStockError('RELOCATE_SAME_PLACE', { location: from.barcode });
  // A place the device does not know yet: the server decides.
  if (!from || !to) return { label };
  // Neither end may be a place being counted (docs/operations.md "Stocktake").
  assertNotFrozen(from);
  assertNotFrozen(to);
  const batch = args.batch_number ?? '';
  const source = (await relocationSources(db, args.ean, from.id)).find((g) => g.customer_id === args.customer_id && g.batch_number === batch);
  const plan = planOutbound(source?.rows ?? [], args.quantity);
  if (plan.reduce((s, p) => s + p.take, 0) < args.quantity) {
    throw new LocalStockError('RELOCATE_INSUFFICIENT', { location: from.barcode, available: source?.free ?? 0, requested: args.quantity });
  }
  const out = plan.map(({ row, take }) => ({
    ean: args.ean,
    location_id: from.id,
    customer_id: row.customer_id,
    stock_id: row.id > 0 ? row.id : null,
    delta: -take,
  }));
  return { label, effect: { stock: [...out, { ean: args.ean, location_id: to.id, customer_id: args.customer_id, stock_id: null, delta: args.quantity }] } };
});

export const relocationCommands = [stockRelocate];

export interface RelocationBooking {
  userId: number;
  ean: string;
  customerId: number;
  batchNumber: string;
  quantity: number;
  from: WsLocation;
  to: WsLocation;
}

/** Umlagern from the screen: queues stock.relocate, or throws LocalStockError. */
export function relocateLocally(db: LagerwerkDb, b: RelocationBooking): Promise<OutboxEntry> {
  return stockRelocate.enqueue(db, b.userId, {
    ean: b.ean,
    customer_id: b.customerId,
    quantity: b.quantity,
    batch_number: b.batchNumber || null,
    from_location_barcode: b.from.barcode,
    to_location_barcode: b.to.barcode,
  });
}
