import type { LagerwerkDb, LocalEffect, OutboxEntry } from '../../client/db';
import { gtinVariants } from '../../shared/domain/product-code';
import type { WsLocation } from '../protocol';
import { allClientMeta, type EnqueueInput, enqueue } from './outbox';
import { applyOverlay, type EffectiveStock, planOutbound, uncoveredEntries } from './overlay';

/**
 * Read and book against the local working set: what Einlagern/Auslagern ask
 * while offline. Reads return the server data with the uncovered outbox
 * effects laid over it (overlay.ts).
 */

export interface LocalProduct {
  /** Negative: created on this device, not yet on the server. */
  id: number;
  ean: string;
  title: string;
  image_url: string | null;
  pending: boolean;
}

async function pendingEntries(db: LagerwerkDb): Promise<OutboxEntry[]> {
  const [entries, clients] = await Promise.all([db.outbox.toArray(), allClientMeta(db)]);
  return uncoveredEntries(entries, clients);
}

/** Product by any GTIN form of the code; also products created offline and not yet synced. */
export async function findProduct(db: LagerwerkDb, code: string): Promise<LocalProduct | null> {
  const variants = gtinVariants(code);
  const p = await db.product.where('ean').anyOf(variants).first();
  if (p) return { id: p.id, ean: p.ean, title: p.title, image_url: p.image_url, pending: false };
  const created = (await pendingEntries(db)).find((e) => e.effect?.product && variants.includes(e.effect.product.ean));
  if (created?.effect?.product) return { id: -created.id, ean: created.effect.product.ean, title: created.effect.product.title, image_url: null, pending: true };
  return null;
}

export async function findLocation(db: LagerwerkDb, barcode: string): Promise<WsLocation | null> {
  const code = barcode.trim();
  return (await db.location.where('barcode').equals(code).first()) ?? (await db.location.where('barcode').equalsIgnoreCase(code).first()) ?? null;
}

/** Effective stock rows of one product (all visible customers), zero rows dropped. */
export async function stockOfProduct(db: LagerwerkDb, ean: string): Promise<EffectiveStock[]> {
  const product = await db.product.where('ean').equals(ean).first();
  const rows = product ? await db.stock.where('product_id').equals(product.id).toArray() : [];
  const entries = (await pendingEntries(db)).filter((e) => e.effect?.stock?.some((d) => d.ean === ean));
  const eff = applyOverlay(rows, () => ean, entries, (x) => (x === ean ? product?.id : undefined));
  return eff.filter((r) => r.quantity > 0);
}

export interface LocationAvailability {
  location: WsLocation;
  quantity: number;
  available: number;
  pending: boolean;
  rows: EffectiveStock[];
}

/** Outbound lookup from the device: per place, quantity and what may be taken (quantity − reserved). */
export async function availabilityByLocation(db: LagerwerkDb, ean: string): Promise<LocationAvailability[]> {
  const rows = await stockOfProduct(db, ean);
  const byLoc = new Map<number, EffectiveStock[]>();
  for (const r of rows) byLoc.set(r.location_id, [...(byLoc.get(r.location_id) ?? []), r]);
  const locations = await db.location.bulkGet([...byLoc.keys()]);
  const out: LocationAvailability[] = [];
  for (const loc of locations) {
    if (!loc) continue;
    const list = byLoc.get(loc.id) ?? [];
    out.push({
      location: loc,
      quantity: list.reduce((s, r) => s + r.quantity, 0),
      available: list.reduce((s, r) => s + Math.max(0, r.quantity - r.reserved_quantity), 0),
      pending: list.some((r) => r.pending),
      rows: list,
    });
  }
  return out.sort((a, b) => a.location.barcode.localeCompare(b.location.barcode));
}

export interface InboundBooking {
  userId: number;
  ean: string;
  title: string;
  quantity: number;
  location: WsLocation;
  customerId: number;
  notes: string;
}

/** Queues stock.inbound with its overlay effect; args are exactly the POST /inbound body. */
export async function bookInboundLocally(db: LagerwerkDb, b: InboundBooking): Promise<OutboxEntry> {
  const effect: LocalEffect = { stock: [{ ean: b.ean, location_id: b.location.id, customer_id: b.customerId, stock_id: null, delta: b.quantity }] };
  const input: EnqueueInput = {
    userId: b.userId,
    name: 'stock.inbound',
    args: { ean: b.ean, quantity: b.quantity, location_barcode: b.location.barcode, notes: b.notes || null, customer_id: b.customerId },
    label: `Einlagern: ${b.title} (${b.quantity} Stück) an ${b.location.barcode}`,
    effect,
  };
  return enqueue(db, input);
}

export interface OutboundBooking {
  userId: number;
  ean: string;
  title: string;
  quantity: number;
  location: WsLocation;
  notes: string;
}

export class LocalStockError extends Error {
  constructor(
    readonly code: 'STOCK_INSUFFICIENT',
    readonly params: Record<string, unknown>,
  ) {
    super(code);
  }
}

/**
 * Queues stock.outbound after checking the local available quantity. The
 * check and the enqueue share one transaction, so two fast scans cannot both
 * take the last unit on this device.
 */
export async function bookOutboundLocally(db: LagerwerkDb, b: OutboundBooking): Promise<OutboxEntry> {
  return db.transaction('rw', [db.meta, db.outbox, db.product, db.stock, db.location], async () => {
    const rows = (await stockOfProduct(db, b.ean)).filter((r) => r.location_id === b.location.id);
    const plan = planOutbound(rows, b.quantity);
    const avail = plan.reduce((s, p) => s + p.take, 0);
    if (avail < b.quantity) {
      const total = rows.reduce((s, r) => s + Math.max(0, r.quantity - r.reserved_quantity), 0);
      throw new LocalStockError('STOCK_INSUFFICIENT', { location: b.location.barcode, available: total, requested: b.quantity });
    }
    const effect: LocalEffect = {
      stock: plan.map(({ row, take }) => ({
        ean: b.ean,
        location_id: b.location.id,
        customer_id: row.customer_id,
        stock_id: row.id > 0 ? row.id : null,
        delta: -take,
      })),
    };
    return enqueue(db, {
      userId: b.userId,
      name: 'stock.outbound',
      args: { ean: b.ean, quantity: b.quantity, location_barcode: b.location.barcode, notes: b.notes || null },
      label: `Auslagern: ${b.title} (${b.quantity} Stück) von ${b.location.barcode}`,
      effect,
    });
  });
}

/** Queues products.createManual (works offline); the product shows in the local catalogue at once. */
export async function createProductLocally(
  db: LagerwerkDb,
  p: { userId: number; ean: string; title: string; description: string | null; keepa_data?: Record<string, unknown> | null },
): Promise<OutboxEntry> {
  return enqueue(db, {
    userId: p.userId,
    name: 'products.createManual',
    args: { ean: p.ean, title: p.title, description: p.description, keepa_data: p.keepa_data ?? null },
    label: `Produkt anlegen: ${p.title} (EAN ${p.ean})`,
    effect: { product: { ean: p.ean, title: p.title } },
  });
}
