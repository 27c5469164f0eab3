import { gtinVariants } from '../../../shared/domain/product-code';
import { availability } from '../../../shared/domain/stock-availability';
import type { ErrorCode } from '../../../shared/i18n/errors';
import type { WsLocation } from '../../../shared/schemas/locations';
import { allClientMeta } from '../../../sync/device/outbox';
import { applyOverlay, type EffectiveStock, uncoveredEntries } from '../../../sync/device/overlay';
import type { OutboxEntry } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';

/**
 * Reads of the local working set that Einlagern/Auslagern (and the stock
 * commands' plans) ask, also offline: the server data with the uncovered
 * outbox effects laid over it (sync/device/overlay.ts).
 */

export interface LocalProduct {
  /** Negative: created on this device, not yet on the server. */
  id: number;
  ean: string;
  title: string;
  image_url: string | null;
  pending: boolean;
}

/** Outbox entries whose effects the pulled data does not contain yet (all users of the device). */
export async function pendingEntries(db: LagerwerkDb): Promise<OutboxEntry[]> {
  const [entries, clients] = await Promise.all([db.outbox.toArray(), allClientMeta(db)]);
  return uncoveredEntries(entries, clients);
}

/** Product by any GTIN form of the code; also products created offline and not yet synced. */
export async function findProduct(db: LagerwerkDb, code: string): Promise<LocalProduct | null> {
  const variants = gtinVariants(code);
  const [p] = await db.products.matching(variants[0], (ean) => variants.includes(ean as string));
  if (p) return { id: p.id, ean: p.ean, title: p.title, image_url: p.image_url, pending: false };
  const created = (await pendingEntries(db)).find((e) => e.effect?.product && variants.includes(e.effect.product.ean));
  if (created?.effect?.product)
    return { id: -created.id, ean: created.effect.product.ean, title: created.effect.product.title, image_url: null, pending: true };
  return null;
}

export async function findLocation(db: LagerwerkDb, barcode: string): Promise<WsLocation | null> {
  const code = barcode.trim();
  const upper = code.toUpperCase();
  // Every case of a barcode lands in one bucket (locations/offline.ts): the exact spelling first.
  const rows = await db.locations.matching(code, (b) => String(b).toUpperCase() === upper);
  return rows.find((l) => l.barcode === code) ?? rows[0] ?? null;
}

/** Effective stock rows of one product (all visible customers), zero rows dropped. */
export async function stockOfProduct(db: LagerwerkDb, ean: string): Promise<EffectiveStock[]> {
  const [product] = await db.products.where(ean);
  const rows = product ? await db.stockRows.where(product.id) : [];
  const entries = (await pendingEntries(db)).filter((e) => e.effect?.stock?.some((d) => d.ean === ean));
  const eff = applyOverlay(
    rows,
    () => ean,
    entries,
    (x) => (x === ean ? product?.id : undefined),
  );
  return eff.filter((r) => r.quantity > 0);
}

export interface LocationAvailability {
  location: WsLocation;
  quantity: number;
  available: number;
  /** Free units on a blocked place: shown, never taken. */
  blocked: number;
  pending: boolean;
  rows: EffectiveStock[];
}

/** Outbound lookup from the device: per place, quantity and what may be taken (quantity − reserved; nothing on a blocked place). */
export async function availabilityByLocation(db: LagerwerkDb, ean: string): Promise<LocationAvailability[]> {
  const rows = await stockOfProduct(db, ean);
  const byLoc = new Map<number, EffectiveStock[]>();
  for (const r of rows) byLoc.set(r.location_id, [...(byLoc.get(r.location_id) ?? []), r]);
  const locations = await db.locations.bulkGet([...byLoc.keys()]);
  const out: LocationAvailability[] = [];
  for (const loc of locations) {
    if (!loc) continue;
    const list = byLoc.get(loc.id) ?? [];
    const parts = list.map((r) => availability(r.quantity, r.reserved_quantity, loc.is_blocked));
    out.push({
      location: loc,
      quantity: list.reduce((s, r) => s + r.quantity, 0),
      available: parts.reduce((s, a) => s + a.available, 0),
      blocked: parts.reduce((s, a) => s + a.blocked, 0),
      pending: list.some((r) => r.pending),
      rows: list,
    });
  }
  return out.sort((a, b) => a.location.barcode.localeCompare(b.location.barcode));
}

/**
 * A place an open stocktake counts is frozen: every booking there is refused with the server's code and
 * text (docs/operations.md "Stocktake"), at once on the device, as a blocked place is for Auslagern.
 */
export function assertNotFrozen(loc: Pick<WsLocation, 'barcode' | 'stocktake'> | null | undefined): void {
  if (loc?.stocktake) throw new LocalStockError('LOCATION_IN_STOCKTAKE', { barcode: loc.barcode, number: loc.stocktake });
}

/**
 * A booking (stock, pick, shortage) the device refuses before queueing it,
 * with the code and params the server would refuse it with; screens show
 * errorText(code, params).
 */
export class LocalStockError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown>,
  ) {
    super(code);
  }
}
