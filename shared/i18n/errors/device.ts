import { type ErrorCode, errorCatalogue } from './catalogue';

/**
 * The error codes a handheld can show (docs/architecture.md "Languages"): every
 * code an offline command can be refused with (the commands of
 * server/offline-registry.ts, their services, the sync push's own checks) and
 * the codes of the handheld screens' online calls (stock, goods receipt,
 * relocation, picking, packing check, stocktake count, returns receive). A
 * device renders these from code + params in its user's language; every
 * language pack translates all of them (tests/shared/i18n/translations.test.ts).
 */
export const DEVICE_ERROR_CODES = [
  // sessions, access, generic answers
  'VALIDATION',
  'NOT_AUTHENTICATED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'INVALID_RESPONSE',
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_INACTIVE',
  // the sync push
  'SYNC_CLIENT_OUTDATED',
  'SYNC_OUT_OF_ORDER',
  'SYNC_BATCH_INVALID',
  'SYNC_CLIENT_FOREIGN',
  'SYNC_AUTHOR_MISMATCH',
  'UNKNOWN_COMMAND',
  'COMMAND_FAILED',
  'SYNC_ARGS_TOO_DEEP',
  'SYNC_ARGS_TOO_LARGE',
  'SYNC_UNAVAILABLE',
  // stock bookings and products
  'STOCK_INSUFFICIENT',
  'PRODUCT_NOT_FOUND',
  'PRODUCT_EXISTS',
  'PRODUCT_NOT_ON_DEVICE',
  'PLACE_NOT_ON_DEVICE',
  'INVALID_EAN',
  'LOCATION_NOT_FOUND',
  'LOCATION_ID_NOT_FOUND',
  'LOCATION_NOT_STORABLE',
  'LOCATION_INACTIVE',
  'LOCATION_BLOCKED',
  'QUANTITY_INVALID',
  // goods receipt
  'NOTIFICATION_NOT_FOUND',
  'NOTIFICATION_STATUS_CONFLICT',
  'NOTIFICATION_CANCELLED',
  'NOTIFICATION_ITEMS_OPEN',
  'NOTIFICATION_ITEM_NOT_FOUND',
  'RECEIPT_LOCATION_NOT_FOUND',
  // relocation
  'RELOCATE_SAME_PLACE',
  'RELOCATE_INSUFFICIENT',
  // picking, waves, carts, pallets
  'ORDER_NOT_FOUND',
  'ORDER_STATUS_CONFLICT',
  'RESERVATION_INSUFFICIENT',
  'PICK_PRODUCT_NOT_IN_ORDER',
  'PICK_WRONG_LOCATION',
  'PICK_TOO_MANY',
  'PICK_ORDER_NOT_IN_WAVE',
  'PICK_ORDER_CANCELLED',
  'PICK_LOCATION_INSUFFICIENT',
  'PICK_WRONG_BATCH',
  'ROLLING_WAVE_MIX',
  'ROLLING_WAVE_FOREIGN',
  'WAVE_NOT_FOUND',
  'WAVE_ORDERS_REQUIRED',
  'WAVE_TOO_MANY_ORDERS',
  'WAVE_STATUS_CONFLICT',
  'WAVE_ORDER_NOT_ELIGIBLE',
  'WAVE_ORDER_IN_OTHER_WAVE',
  'WAVE_TAKEN',
  'WAVE_NO_PALLET',
  'WAVE_PALLET_MISMATCH',
  'WAVE_OVER_CAPACITY',
  'WAVE_DUPLICATE_ORDER',
  'CART_ASSIGNMENT_INVALID',
  'PALLET_NOT_FOUND',
  'PALLET_NOT_AVAILABLE',
  'DISPOSABLE_PALLET_NOT_AVAILABLE',
  // packing check
  'PACKING_PALLET_NOT_READY',
  'PACKING_ITEMS_OPEN',
  'ITEM_DISCREPANCY_NOT_PACKING',
  'ITEM_DISCREPANCY_CONTRADICTS',
  // stocktake count
  'LOCATION_IN_STOCKTAKE',
  'STOCKTAKE_NOT_FOUND',
  'STOCKTAKE_PLACE_TAKEN',
  'STOCKTAKE_NOT_COUNTING',
  'STOCKTAKE_PLACE_NOT_IN',
  'STOCKTAKE_CUSTOMER_REQUIRED',
  // returns receive
  'RETURN_NOT_FOUND',
  'RETURN_LOOKUP_NOT_FOUND',
  'RETURN_ORDER_NOT_SHIPPED',
  'RETURN_ITEM_NOT_IN_ORDER',
  'RETURN_ITEM_NOT_ANNOUNCED',
  'RETURN_TOO_MANY',
  'RETURN_WRONG_STATUS',
  'RETURN_PLACE_REQUIRED',
  'RETURN_RESTOCK_BLOCKED',
  'RETURN_QUARANTINE_NOT_BLOCKED',
] as const satisfies readonly ErrorCode[];

export type DeviceErrorCode = (typeof DEVICE_ERROR_CODES)[number];

/** The German texts of the device codes (code -> text with {params}): the catalogue the language packs translate. */
export const DEVICE_ERRORS = Object.fromEntries(DEVICE_ERROR_CODES.map((code) => [code, errorCatalogue[code].de])) as {
  readonly [K in DeviceErrorCode]: string;
};

/** The device's word for a code it does not know (an app older than the server). */
export const DEVICE_ERROR_WORDS = {
  unknown: 'Unbekannter Fehler',
} as const;

export function isDeviceErrorCode(code: string): code is DeviceErrorCode {
  return Object.hasOwn(DEVICE_ERRORS, code);
}
