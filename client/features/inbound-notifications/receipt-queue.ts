import { useLiveQuery } from 'dexie-react-hooks';
import { gtinVariants } from '../../../shared/domain/product-code';
import type { ReceiveItemInput, WsNotification } from '../../../shared/schemas/inbound';
import type { WsLocation } from '../../../shared/schemas/locations';
import { allClientMeta } from '../../../sync/device/outbox';
import { uncoveredEntries } from '../../../sync/device/overlay';
import type { OutboxEntry } from '../../../sync/device/types';
import { db } from '../../db';
import { completeReceipt, receiveItem } from './offline';
import { type PlaceScan, scanPlace } from '../stock/place-fetch';

/**
 * The dock's offline side of goods receipt. The announcement comes from the
 * device working set (Dexie table `notification`, pulled by the sync engine);
 * every confirmed line becomes a `receipt.receiveItem` mutation in the
 * outbox, and "Fertig" a `receipt.complete`. What the worker sees is the
 * pulled announcement plus the lines of their queued mutations the pulled data
 * does not contain yet (the same overlay rule as stock: an entry counts until
 * a pull's lastMutationId covers it; a rejected one drops out at once).
 */

export interface ReceivableItem {
  id: number;
  product_id: number | null;
  ean: string;
  title: string;
  quantity: number;
  unit: string;
  image_url: string | null;
  /** Received according to the server data plus queued lines on this device. */
  received_quantity: number;
  /** Of that, queued on this device and not yet in the server data. */
  pending_quantity: number;
}

export interface ReceivableNotification extends Omit<WsNotification, 'items'> {
  items: ReceivableItem[];
  /** "Fertig" is queued on this device. */
  completeQueued: boolean;
  /** Lines refused by the server (kept in the outbox's problem list). */
  rejected: OutboxEntry[];
}

function argsOf(e: OutboxEntry): { notification_id?: number; item?: ReceiveItemInput } {
  return (e.args ?? {}) as { notification_id?: number; item?: ReceiveItemInput };
}

function sameCode(a: string, b: string): boolean {
  const va = gtinVariants(a);
  return gtinVariants(b).some((v) => va.includes(v));
}

/** Which item a received EAN fills: the first of the same EAN still short, else the last one (as the server does). */
export function itemForEan<T extends { ean: string; quantity: number; received_quantity: number }>(items: readonly T[], ean: string): T | undefined {
  const matching = items.filter((i) => sameCode(i.ean, ean));
  return matching.find((i) => i.received_quantity < i.quantity) ?? matching[matching.length - 1];
}

/** The pulled announcement with this device's queued receipt lines applied on top. */
export function withQueuedReceipts(n: WsNotification, entries: readonly OutboxEntry[]): ReceivableNotification {
  const items: ReceivableItem[] = n.items.map((i) => ({ ...i, pending_quantity: 0 }));
  let completeQueued = false;
  for (const e of entries) {
    const a = argsOf(e);
    if (a.notification_id !== n.id) continue;
    if (e.name === 'receipt.complete') completeQueued = true;
    if (e.name !== 'receipt.receiveItem' || !a.item) continue;
    const item = itemForEan(items, a.item.ean);
    if (!item) continue;
    item.received_quantity += a.item.quantity;
    item.pending_quantity += a.item.quantity;
  }
  return { ...n, items, completeQueued, rejected: [] };
}

/**
 * Live view of one announcement for the receipt modal: undefined while
 * loading, null when this device does not hold it (not synced yet, or it was
 * completed/cancelled and left the working set).
 */
export function useReceivableNotification(id: number | null): ReceivableNotification | null | undefined {
  return useLiveQuery(async () => {
    if (id === null) return null;
    const n = await db.notification.get(id);
    if (!n) return null;
    const [entries, clients] = await Promise.all([db.outbox.toArray(), allClientMeta(db)]);
    const view = withQueuedReceipts(n, uncoveredEntries(entries, clients));
    view.rejected = entries.filter((e) => e.status === 'rejected' && argsOf(e).notification_id === id);
    return view;
  }, [id]);
}

/**
 * Per announcement id, per item id: quantities received on this device that
 * the server data does not contain yet (queued or in flight). The list cards
 * show them, so the dock sees its own offline work before the sync.
 */
export function useQueuedReceiptQuantities(): Map<number, Map<number, number>> | undefined {
  return useLiveQuery(async () => {
    const [ns, entries, clients] = await Promise.all([db.notification.toArray(), db.outbox.toArray(), allClientMeta(db)]);
    const open = uncoveredEntries(entries, clients);
    const out = new Map<number, Map<number, number>>();
    for (const n of ns) {
      const pending = withQueuedReceipts(n, open).items.filter((i) => i.pending_quantity > 0);
      if (pending.length > 0) out.set(n.id, new Map(pending.map((i) => [i.id, i.pending_quantity])));
    }
    return out;
  }, []);
}

/** Announcements this device can receive offline (confirmed/receiving in the working set). */
export function useLocalReceivables(): WsNotification[] | undefined {
  return useLiveQuery(() => db.notification.orderBy('id').toArray(), []);
}

/** Storage places of the working set, for the location choice. */
export function useLocalLocations(): WsLocation[] | undefined {
  return useLiveQuery(() => db.locations.all(), []);
}

/** A scanned place: the device first, then the server's place lookup, kept on the device (stock/place-fetch.ts). */
export function locationByBarcode(code: string): Promise<PlaceScan> {
  return scanPlace(db, code);
}

/** Queues one confirmed line, with its stock effect shown on this device at once. */
export function enqueueReceipt(userId: number, n: Pick<WsNotification, 'id'>, item: ReceiveItemInput): Promise<OutboxEntry> {
  return receiveItem.enqueue(db, userId, { notification_id: n.id, item });
}

export function enqueueComplete(userId: number, n: Pick<WsNotification, 'id'>): Promise<OutboxEntry> {
  return completeReceipt.enqueue(db, userId, { notification_id: n.id });
}
