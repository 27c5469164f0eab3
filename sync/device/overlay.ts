import type { WsStock } from '../../shared/schemas/stock';
import type { OutboxEntry, RowPatch, StockDelta } from './types';
import type { ClientMeta } from './outbox';

/**
 * Optimistic local effects as an OVERLAY, not as writes into the pulled data.
 *
 * Why it is shaped so: the working set (products, places, stock; packed.ts) holds exactly
 * what the server sent (its state at the pull's lastMutationId). What a person
 * sees is that state plus the effects of their own entries the server data
 * does not contain yet: status pending or applied with id > pulledMutationId
 * of their stream. This is the Replicache "rebase": a pull can overwrite any
 * row at any time, and pending effects are simply re-applied on top, so a
 * booking is never counted twice (once in the data, once optimistic) and never
 * lost (it stays visible until data that includes it arrives). A rejected
 * entry drops out of the overlay at once, which undoes its local effect.
 */

/** A stock row as screens see it; negative ids are rows that exist only on this device so far. */
export interface EffectiveStock extends WsStock {
  ean: string;
  /** Changed by a booking the server has not confirmed in pulled data yet. */
  pending: boolean;
}

/** Entries whose effect is not yet part of the pulled data. */
export function uncoveredEntries(entries: readonly OutboxEntry[], clients: ReadonlyMap<string, ClientMeta>): OutboxEntry[] {
  return entries
    .filter((e) => e.status !== 'rejected' && e.id > (clients.get(e.clientId)?.pulledMutationId ?? 0))
    .sort((a, b) => (a.clientId === b.clientId ? a.id - b.id : a.createdAt.localeCompare(b.createdAt)));
}

function matches(row: EffectiveStock, d: StockDelta): boolean {
  return (
    row.ean === d.ean &&
    row.location_id === d.location_id &&
    (d.customer_id === null || row.customer_id === d.customer_id) &&
    row.batch_number === '' &&
    row.expiry_date === null
  );
}

/**
 * Server rows + uncovered deltas. `rows` must contain every server row the
 * deltas may touch (e.g. all rows of the EANs in question); `eanOf` maps a
 * product id to its EAN.
 */
export function applyOverlay(
  rows: readonly WsStock[],
  eanOf: (productId: number) => string | undefined,
  entries: readonly OutboxEntry[],
  productIdOf: (ean: string) => number | undefined,
): EffectiveStock[] {
  const out: EffectiveStock[] = rows.map((r) => ({ ...r, ean: eanOf(r.product_id) ?? '', pending: false }));
  let nextTemp = -1;
  for (const e of entries) {
    for (const d of e.effect?.stock ?? []) {
      let row = d.stock_id !== null ? out.find((r) => r.id === d.stock_id) : undefined;
      row ??= out.find((r) => matches(r, d) && (d.delta > 0 || r.quantity > 0));
      if (!row) {
        row = {
          id: nextTemp--,
          product_id: productIdOf(d.ean) ?? nextTemp,
          customer_id: d.customer_id ?? 0,
          location_id: d.location_id,
          batch_number: '',
          expiry_date: null,
          quantity: 0,
          reserved_quantity: 0,
          ean: d.ean,
          pending: true,
        };
        out.push(row);
      }
      row.quantity += d.delta;
      row.reserved_quantity += d.reserved ?? 0;
      row.pending = true;
    }
  }
  return out;
}

export const available = (r: Pick<WsStock, 'quantity' | 'reserved_quantity'>): number => Math.max(0, r.quantity - r.reserved_quantity);

/**
 * How the server takes goods out when no customer is given (FEFO, then the
 * oldest row): the device spreads an outbound booking over the same rows so
 * that its optimistic numbers match what the server will book.
 */
export function planOutbound(rows: readonly EffectiveStock[], quantity: number): Array<{ row: EffectiveStock; take: number }> {
  const sorted = rows
    .filter((r) => available(r) > 0)
    .sort((a, b) => {
      if (a.expiry_date !== b.expiry_date) {
        if (a.expiry_date === null) return 1;
        if (b.expiry_date === null) return -1;
        return a.expiry_date.localeCompare(b.expiry_date);
      }
      // server rows (positive ids, older first) before device-only rows
      if (a.id < 0 !== b.id < 0) return a.id < 0 ? 1 : -1;
      return Math.abs(a.id) - Math.abs(b.id);
    });
  const plan: Array<{ row: EffectiveStock; take: number }> = [];
  let rest = quantity;
  for (const row of sorted) {
    if (rest <= 0) break;
    const take = Math.min(rest, available(row));
    plan.push({ row, take });
    rest -= take;
  }
  return plan;
}

type Elements = Array<Record<string, unknown>>;

/** Distinguishes a missing field from null, as `===` does. */
const keyOf = (values: unknown[]) => values.map((v) => (v === undefined ? '~' : JSON.stringify(v))).join('\u0000');

/**
 * The elements of a row's lists by the values of the fields a delta matches
 * on, built once per list and field set: laying n deltas over a list of m
 * elements costs n + m lookups instead of n × m comparisons (a wave with
 * hundreds of stops and as many queued picks).
 */
class ListIndex {
  private readonly byFields = new Map<string, Map<string, Elements>>();
  private readonly copied = new Set<string>();
  /** `row` is the caller's shallow copy: a list is replaced by a copy of its elements before any of them is indexed (and changed). */
  constructor(private readonly row: Record<string, unknown>) {}

  private elements(list: string): Elements {
    const els = this.row[list];
    if (!Array.isArray(els)) return [];
    if (!this.copied.has(list)) {
      this.row[list] = els.map((el: unknown) => (el !== null && typeof el === 'object' ? { ...el } : el));
      this.copied.add(list);
    }
    return this.row[list] as Elements;
  }

  matching(list: string, where: Record<string, unknown>): Elements {
    const fields = Object.keys(where).sort();
    const id = `${list}\u0000${fields.join('\u0000')}`;
    let index = this.byFields.get(id);
    if (!index) {
      index = new Map();
      for (const el of this.elements(list)) {
        const k = keyOf(fields.map((f) => el[f]));
        const bucket = index.get(k);
        if (bucket) bucket.push(el);
        else index.set(k, [el]);
      }
      this.byFields.set(id, index);
    }
    return index.get(keyOf(fields.map((f) => where[f]))) ?? [];
  }
}

function applyPatch(row: Record<string, unknown>, p: RowPatch, index: ListIndex): void {
  Object.assign(row, p.set ?? {});
  for (const d of p.add ?? []) {
    for (const el of index.matching(d.list, d.where)) {
      if (typeof el[d.field] === 'number') el[d.field] = (el[d.field] as number) + d.delta;
    }
  }
}

/**
 * A pulled working-set row with the row patches of the uncovered entries laid
 * over it, in entry order (like applyOverlay for stock). The stored row is
 * never changed: a copy is patched, and `pending` says whether any entry did.
 */
export function overlayRow<T extends { id: number }>(table: string, row: T, entries: readonly OutboxEntry[]): { row: T; pending: boolean } {
  const patches = entries.flatMap((e) => e.effect?.rows ?? []).filter((p) => p.table === table && p.id === row.id);
  if (patches.length === 0) return { row, pending: false };
  // Copy on write: the row and the lists a delta touches (their elements are flat), not the whole row.
  const copy = { ...row } as T & Record<string, unknown>;
  // A `set` replacing a list would leave the index pointing at the old elements: start a new index after it.
  let index = new ListIndex(copy);
  for (const p of patches) {
    applyPatch(copy, p, index);
    if (p.set && Object.values(p.set).some(Array.isArray)) index = new ListIndex(copy);
  }
  return { row: copy, pending: true };
}
