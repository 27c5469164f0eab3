import type { PackagingLevel } from '../../../shared/schemas/inbound';
import { RECEIPT_UI } from '../../../shared/i18n/inbound';
import { texts } from '../../../shared/i18n/translate';
import { VALIDATION } from '../../../shared/i18n/validation';

/**
 * Pure rules of the goods-receipt modal (spec part 2 §5 "Goods receipt"),
 * kept apart from the component so they can be tested without a browser.
 */

/** Integer from a text field; anything unparsable is 0 (spec: "parsed with 0 as fallback"). */
export function parseQuantity(text: string): number {
  const n = Number.parseInt(text.replace(/\D/g, ''), 10);
  return Number.isFinite(n) ? n : 0;
}

/** Only digits may be typed into quantity fields. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Changing "pieces per carton" fills the carton count with floor(received / per carton) when that is positive. */
export function autoFillCartons(received: number, perCarton: number): number | null {
  if (perCarton <= 0) return null;
  const cartons = Math.floor(received / perCarton);
  return cartons > 0 ? cartons : null;
}

export interface PackagingCheck {
  /** 'Warnung: a × b = c Stück (erwartet: n)' */
  warning: string;
  /** 'x Stück übrig' when cartons hold fewer than received. */
  remainder: string | null;
}

/** Warns when per-carton × cartons differs from the received quantity. */
export function checkPackaging(perCarton: number, cartons: number, received: number): PackagingCheck | null {
  if (perCarton <= 0) return null;
  const total = perCarton * cartons;
  if (total === received) return null;
  const rest = received - total;
  const T = texts(RECEIPT_UI);
  return { warning: T.packagingWarning(perCarton, cartons, total, received), remainder: rest > 0 ? T.packagingRemainder(rest) : null };
}

/** A packaging level is sent only when quantity_per_unit > 0. */
export function packagingPayload(perCarton: number, cartons: number): PackagingLevel | null {
  return perCarton > 0 ? { quantity_per_unit: perCarton, total_units: Math.max(0, cartons) } : null;
}

export interface ReceiptFormValues {
  quantity: number;
  locationId: number | null;
}

/** The modal's own checks before an item is confirmed; null when fine. */
export function receiptFormError(v: ReceiptFormValues): string | null {
  const V = texts(VALIDATION);
  if (v.quantity <= 0) return V.quantityPositive;
  if (!v.locationId) return V.locationRequired;
  return null;
}

/** Difference against what is still expected for the item (received so far counts). */
export function deliveryDifference(expected: number, receivedBefore: number, receivingNow: number): number {
  return receivedBefore + receivingNow - expected;
}
