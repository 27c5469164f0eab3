import { StockEntity, StockInboundCommand, StockOutboundCommand } from '../../../shared/schemas/stock';
import type { WsLocation } from '../../../shared/schemas/locations';
import { planOutbound } from '../../../sync/device/overlay';
import { packedTable } from '../../../sync/device/packed';
import { defineDeviceCommand } from '../../../sync/device/registry';
import type { OutboxEntry } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';
import { formatMessage } from '../../../shared/i18n/format';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';
import { assertNotFrozen, findLocation, findProduct, LocalStockError, stockOfProduct } from './local-stock';

/**
 * The stock feature on the device: the working-set table of stock rows and
 * the offline commands stock.inbound / stock.outbound (Einlagern,
 * Auslagern). Their args are exactly the POST /inbound and /outbound bodies.
 */

/** Stock rows are packed by product: those of 64 consecutive product ids share a bucket (~130 rows, a few KB). */
const STOCK_PRODUCTS_SHIFT = 6;

export const stockTable = packedTable(StockEntity, 'product_id', (productId) => Number(productId) >> STOCK_PRODUCTS_SHIFT);

const titleOf = async (db: LagerwerkDb, ean: string) => (await findProduct(db, ean))?.title ?? texts(STOCK_TEXTS).eanLine(ean);

export const stockInbound = defineDeviceCommand(StockInboundCommand, async (args, db: LagerwerkDb) => {
  const loc = await findLocation(db, args.location_barcode);
  assertNotFrozen(loc);
  return {
    label: formatMessage(texts(STOCK_TEXTS).outboxInbound, {
      title: await titleOf(db, args.ean),
      qty: args.quantity,
      location: loc?.barcode ?? args.location_barcode,
    }),
    effect: loc ? { stock: [{ ean: args.ean, location_id: loc.id, customer_id: args.customer_id, stock_id: null, delta: args.quantity }] } : undefined,
  };
});

/**
 * Refuses a blocked or frozen place at once, then checks the local available quantity (FEFO spread as the server takes
 * it); the check and the enqueue share one transaction, so two fast scans
 * cannot both take the last unit on this device.
 */
export const stockOutbound = defineDeviceCommand(StockOutboundCommand, async (args, db: LagerwerkDb) => {
  const loc = await findLocation(db, args.location_barcode);
  const label = formatMessage(texts(STOCK_TEXTS).outboxOutbound, {
    title: await titleOf(db, args.ean),
    qty: args.quantity,
    location: loc?.barcode ?? args.location_barcode,
  });
  if (!loc) return { label };
  // The server refuses a blocked place with the same code and text (docs/operations.md "Blocked places").
  if (loc.is_blocked) throw new LocalStockError('LOCATION_BLOCKED', { barcode: loc.barcode });
  assertNotFrozen(loc);
  const rows = (await stockOfProduct(db, args.ean)).filter((r) => r.location_id === loc.id && (args.customer_id == null || r.customer_id === args.customer_id));
  const plan = planOutbound(rows, args.quantity);
  if (plan.reduce((s, p) => s + p.take, 0) < args.quantity) {
    const total = rows.reduce((s, r) => s + Math.max(0, r.quantity - r.reserved_quantity), 0);
    throw new LocalStockError('STOCK_INSUFFICIENT', { location: loc.barcode, available: total, requested: args.quantity });
  }
  return {
    label,
    effect: {
      stock: plan.map(({ row, take }) => ({
        ean: args.ean,
        location_id: loc.id,
        customer_id: row.customer_id,
        stock_id: row.id > 0 ? row.id : null,
        delta: -take,
      })),
    },
  };
});

export const stockCommands = [stockInbound, stockOutbound];

export interface InboundBooking {
  userId: number;
  ean: string;
  quantity: number;
  location: WsLocation;
  customerId: number;
  notes: string;
}

/** Einlagern from the screen's form: queues stock.inbound. */
export function bookInboundLocally(db: LagerwerkDb, b: InboundBooking): Promise<OutboxEntry> {
  return stockInbound.enqueue(db, b.userId, {
    ean: b.ean,
    quantity: b.quantity,
    location_barcode: b.location.barcode,
    notes: b.notes || null,
    customer_id: b.customerId,
  });
}

export interface OutboundBooking {
  userId: number;
  ean: string;
  quantity: number;
  location: WsLocation;
  notes: string;
}

/** Auslagern from the screen's form: queues stock.outbound, or throws LocalStockError. */
export function bookOutboundLocally(db: LagerwerkDb, b: OutboundBooking): Promise<OutboxEntry> {
  return stockOutbound.enqueue(db, b.userId, { ean: b.ean, quantity: b.quantity, location_barcode: b.location.barcode, notes: b.notes || null });
}
