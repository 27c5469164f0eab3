import { WAVE_PALLET } from '../../constants';
import { FIELD_LABELS } from '../fields';
import { PALLET_UI } from '../pallets';
import { RETURN_VALIDATION, VALIDATION } from '../validation';
import { WAVE_TEXTS } from '../waves';
import { type ReasonCode, zodReasonCode } from '../zod-reasons';

/**
 * The German words a device refusal's params name by code (docs/architecture.md
 * "Languages"): the server sends `reason_code` (and the German `reason` its
 * detail needs); a handheld shows the word of the code in its user's language
 * (./display.ts). The status and action words are the label maps of
 * shared/domain/, translated as they are.
 */

/** WAVE_OVER_CAPACITY by the problem's `kind` (shared/domain/pallet-load.ts). */
export const CAPACITY_REASONS = {
  weight: WAVE_TEXTS.overWeight,
  volume: WAVE_TEXTS.overVolume,
  heavy: WAVE_TEXTS.heavyNotAlone,
} as const;

/** The pallet limits the capacity sentences name. */
export const CAPACITY_LIMITS = { max_weight: WAVE_PALLET.max_weight_kg, heavy: WAVE_PALLET.heavy_order_kg } as const;

/** CART_ASSIGNMENT_INVALID's reasons (server/features/waves/carts.ts). */
export const CART_ASSIGNMENT_REASONS = {
  one_corner_each: 'jeder Auftrag braucht genau eine Ecke',
  no_open_wave: 'die Aufträge sind in keiner offenen Welle',
  not_one_wave: 'die Aufträge gehören nicht zu einer gemeinsamen Welle',
} as const;

/** CONFLICT's reasons (a constraint the database enforced, a request still running). */
export const CONFLICT_REASONS = {
  changed: 'Die Daten wurden zwischenzeitlich geändert – bitte erneut versuchen',
  stale: 'Die Daten passen nicht zum aktuellen Stand',
  in_progress: 'Anfrage wird bereits verarbeitet',
} as const;

/** Why a reported discrepancy contradicts the order (409 ITEM_DISCREPANCY_CONTRADICTS; its reason_code is the key). */
export const ITEM_DISCREPANCY_REASONS = {
  inOrder: (ean: string) => `Artikel ${ean} gehört zum Auftrag`,
  notInOrder: (ean: string) => `Artikel ${ean} gehört nicht zum Auftrag`,
  notOver: (ean: string, scanned: number, picked: number) => `Artikel ${ean} ist ${picked}-mal kommissioniert, ${scanned}-mal gescannt ist nicht zu viel`,
} as const;

/** The pallet that is deactivated (PALLET_NOT_AVAILABLE's status_code `inactive`). */
export const PALLET_INACTIVE_LABELS = { inactive: PALLET_UI.inactive } as const;

/** The fields of the handheld's commands, named in a VALIDATION refusal (the rest stay German). */
const DEVICE_FIELDS = [
  'quantity',
  'location_barcode',
  'from_location_barcode',
  'to_location_barcode',
  'location_id',
  'ean',
  'product_ean',
  'customer_id',
  'batch_number',
  'expiry_date',
  'order_id',
  'order_ids',
  'wave_id',
  'cart_id',
  'pallet_barcode',
  'barcode',
  'code',
  'items',
  'assignments',
  'notification_id',
  'scanned_quantity',
  'missing_quantity',
  'kind',
  'reason',
  'condition',
  'disposition',
  'note',
  'notes',
] as const satisfies readonly (keyof typeof FIELD_LABELS)[];

export const DEVICE_FIELD_LABELS = Object.fromEntries(DEVICE_FIELDS.map((f) => [f, FIELD_LABELS[f]])) as {
  readonly [K in (typeof DEVICE_FIELDS)[number]]: string;
};

/** A reason as a refusal's params: the German words its detail needs and the code a device words it from. */
export function reasonParams<C extends { readonly [key: string]: string }>(reasons: C, code: keyof C & string): { reason: string; reason_code: string } {
  return { reason: reasons[code], reason_code: code };
}

/**
 * The reasons the handheld's command schemas word themselves (the rest of
 * shared/i18n/validation.ts is admin forms): VALIDATION's reason_code
 * `schema.<key>`. A reason neither here nor in ZOD_REASONS has no code.
 */
export const SCHEMA_REASONS = {
  eanRequired: VALIDATION.eanRequired,
  quantityRequired: VALIDATION.quantityRequired,
  quantityPositive: VALIDATION.quantityPositive,
  quantityInteger: VALIDATION.quantityInteger,
  quantityAtLeastOne: VALIDATION.quantityAtLeastOne,
  quantityTooLarge: VALIDATION.quantityTooLarge,
  quantityNotNegative: VALIDATION.quantityNotNegative,
  locationRequired: VALIDATION.locationRequired,
  locationBarcodeRequired: VALIDATION.locationBarcodeRequired,
  customerRequired: VALIDATION.customerRequired,
  barcodeRequired: VALIDATION.barcodeRequired,
  itemsRequired: VALIDATION.itemsRequired,
  returnReason: RETURN_VALIDATION.reason,
  returnCondition: RETURN_VALIDATION.condition,
  returnDisposition: RETURN_VALIDATION.disposition,
  returnItems: RETURN_VALIDATION.items,
  returnCode: RETURN_VALIDATION.code,
} as const;

/** A German validation reason's code: a schema's own reason (`schema.<key>`) or zod's (shared/i18n/zod-de.ts); null for any other. */
export function validationReasonCode(reason: string): ReasonCode | null {
  const own = Object.entries(SCHEMA_REASONS).find(([, text]) => text === reason);
  return own ? { reason_code: `schema.${own[0]}`, reason_params: {} } : zodReasonCode(reason);
}
