import { gtinVariants } from '../../../shared/domain/product-code';
import { matchesReturnCode, RETURN_DISPOSITION_LABELS, STOCKED_DISPOSITIONS } from '../../../shared/domain/returns';
import { formatMessage } from '../../../shared/i18n/format';
import { RETURN_RECEIVE_UI } from '../../../shared/i18n/returns';
import { texts } from '../../../shared/i18n/translate';
import { type ReceiveReturnItemArgs, ReceiveReturnItemCommand, ReturnEntity, type WsReturn, type WsReturnLine } from '../../../shared/schemas/returns';
import { overlayRow } from '../../../sync/device/overlay';
import { defineDeviceCommand, deviceTable } from '../../../sync/device/registry';
import type { OutboxEntry } from '../../../sync/device/types';
import type { LagerwerkDb } from '../../db';
import { findLocation, LocalStockError, pendingEntries } from '../stock/local-stock';
import { browserPlaceNet, type PlaceNet, placeOnDevice } from '../stock/place-fetch';

/**
 * Retoure annehmen on the device (docs/operations.md "Returns"): the open
 * returns of the working set, found by order or tracking number, and the
 * offline command returns.receiveItem (args = the REST body + return_id).
 * The plan refuses what the server would refuse for sure (a product the
 * return does not announce, more than may come back, a quarantine onto a
 * normal place, a restock onto a blocked one) with the server's codes; a
 * place or return the device does not know is left to the server. Effect:
 * +q at the place (restock, quarantine) and the line's received quantity.
 */
export const returnTable = deviceTable(ReturnEntity, 'id, outbound_order_id, status');

/** The return with the effects of the uncovered entries laid over it (received quantities, status). */
async function effectiveReturn(db: LagerwerkDb, stored: WsReturn): Promise<{ ret: WsReturn; pending: boolean }> {
  const { row, pending } = overlayRow(ReturnEntity.name, stored, await pendingEntries(db));
  return { ret: row, pending };
}

/** The open returns whose order number or tracking number is the code (docs/operations.md "Returns": as GET /returns/lookup matches). */
export async function findReturnsByCode(db: LagerwerkDb, code: string): Promise<WsReturn[]> {
  const stored = (await db.returns.toArray()).filter((r) => matchesReturnCode(r, code)).sort((a, b) => a.id - b.id);
  return Promise.all(stored.map(async (r) => (await effectiveReturn(db, r)).ret));
}

export async function returnOnDevice(db: LagerwerkDb, id: number): Promise<WsReturn | null> {
  const stored = await db.returns.get(id);
  return stored ? (await effectiveReturn(db, stored)).ret : null;
}

/** The return's line of a scanned code (any GTIN form, as the server's lineFor). */
export function lineOf(ret: WsReturn, ean: string): WsReturnLine | undefined {
  const variants = gtinVariants(ean);
  return ret.lines.find((l) => variants.includes(l.product_ean));
}

/** What the line may still receive: returnable minus received (pending receipts included). */
export const roomOf = (line: WsReturnLine) => Math.max(0, line.returnable - line.received_quantity);

/** The refusal the server would answer for a code the return does not announce. */
export function notAnnounced(ret: WsReturn, ean: string): LocalStockError {
  const variants = gtinVariants(ean);
  return ret.order_eans.some((e) => variants.includes(e))
    ? new LocalStockError('RETURN_ITEM_NOT_ANNOUNCED', { ean, return_number: ret.return_number })
    : new LocalStockError('RETURN_ITEM_NOT_IN_ORDER', { ean, order_number: ret.order_number });
}

export const receiveReturnItem = defineDeviceCommand(ReceiveReturnItemCommand, async (args, db: LagerwerkDb) => {
  const stored = await db.returns.get(args.return_id);
  const loc = args.location_barcode ? await findLocation(db, args.location_barcode) : null;
  const ret = stored ? (await effectiveReturn(db, stored)).ret : null;
  const line = ret ? lineOf(ret, args.product_ean) : undefined;
  const where = args.location_barcode ? ` → ${loc?.barcode ?? args.location_barcode}` : '';
  const label = formatMessage(texts(RETURN_RECEIVE_UI).label, {
    number: ret?.return_number ?? String(args.return_id),
    qty: args.quantity,
    title: line?.product_title ?? `EAN ${args.product_ean}`,
    disposition: texts(RETURN_DISPOSITION_LABELS)[args.disposition],
    place: where,
  });
  // A return the device does not hold: the server decides, nothing to show until it answers.
  if (!ret) return { label };
  if (!line) throw notAnnounced(ret, args.product_ean);
  if (args.quantity > roomOf(line)) {
    throw new LocalStockError('RETURN_TOO_MANY', { ean: line.product_ean, returnable: roomOf(line), requested: args.quantity });
  }
  const stocked = STOCKED_DISPOSITIONS.includes(args.disposition);
  if (stocked && !args.location_barcode) throw new LocalStockError('RETURN_PLACE_REQUIRED', {});
  if (loc && args.disposition === 'restock' && loc.is_blocked) throw new LocalStockError('RETURN_RESTOCK_BLOCKED', { barcode: loc.barcode });
  if (loc && args.disposition === 'quarantine' && !loc.is_blocked) throw new LocalStockError('RETURN_QUARANTINE_NOT_BLOCKED', { barcode: loc.barcode });
  return {
    label,
    effect: {
      rows: [
        {
          table: ReturnEntity.name,
          id: ret.id,
          ...(ret.status === 'announced' ? { set: { status: 'received' } } : {}),
          add: [{ list: 'lines', where: { product_id: line.product_id }, field: 'received_quantity', delta: args.quantity }],
        },
      ],
      // A place the device does not know yet: the server decides, its stock shows after the pull.
      ...(stocked && loc
        ? { stock: [{ ean: line.product_ean, location_id: loc.id, customer_id: ret.customer_id, stock_id: null, delta: args.quantity }] }
        : {}),
    },
  };
});

export const returnCommands = [receiveReturnItem];

/**
 * Retoure annehmen from the screen: the scanned place first on the device (a worker with an
 * Arbeitsbereich gets a place outside it from the server, stock/place-fetch.ts), then queues
 * returns.receiveItem; or throws LocalStockError / DeviceArgsError.
 */
export async function receiveReturnLocally(
  db: LagerwerkDb,
  userId: number,
  args: ReceiveReturnItemArgs,
  net: PlaceNet = browserPlaceNet,
): Promise<OutboxEntry> {
  if (args.location_barcode) await placeOnDevice(db, args.location_barcode, net);
  return receiveReturnItem.enqueue(db, userId, args);
}
