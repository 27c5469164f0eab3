import { PLACE_NAMES, WORDS } from './i18n/ui';

/** Business constants from the spec (part 1 §9, part 2 §9). */
export const SCANNER = {
  minLength: 3,
  keystrokeTimeoutMs: 100,
  /** Scanners double-read: the same code again within this window is the same scan. */
  duplicateWindowMs: 300,
  /**
   * Not from the spec: a busy device can stall a scanner's keystroke stream
   * for a moment. Once two characters came at scanner speed, a pause up to
   * this long between characters does not cut the code in two.
   */
  stallToleranceMs: 400,
} as const;

/**
 * Scan feedback (part 2 §9): success messages hide after 1.5 s, 0.8 s or
 * 0.6 s "depending on the step", errors after 3 s. The spec does not name
 * the steps; the longest stays for the article (the worker reads title and
 * quantity), the place and pallet confirmations are shorter, and a bare
 * "scan anything to confirm" is shortest, since the worker is already
 * moving on.
 */
export const SCAN_FEEDBACK_MS = {
  success: { ean: 1500, location: 800, pallet: 800, any: 600 },
  error: 3000,
} as const;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const NAV_DROPDOWN_CLOSE_DELAY_MS = 1500;
export const JWT_LIFETIME = '12h';
export const PASSWORD_MIN_LENGTH = 6;
export const GENERATED_PASSWORD_LENGTH = 12;
export const GENERATED_PASSWORD_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const SEARCH_LIMIT = 50;
export const MOVEMENTS_LIMIT = 100;
export const PRODUCT_PREVIEW_DELAY_MS = 300;
export const EAN_LOOKUP_MIN_LENGTH = 8;
export const RACK_MAX_LEVELS = 10;
export const RACK_MAX_COMPARTMENTS = 20;
export const RACK_DEFAULT_POSITION = { x: 100, y: 100 } as const;
export const LABEL_URL_REVOKE_MS = 60_000;
export const COUNTRY_CODE_MAX_LENGTH = 3;
export const ORDER_PAGE_SIZE = 20;
export const PRODUCT_PAGE_SIZE = 20;
/** Product rows (product × customer) per page of the inventory overview. */
export const INVENTORY_PAGE_SIZE = 20;
/** Products per page of Mein Bestand (the screen's "Mehr laden"), and the most one page may ask for (docs/operations.md). */
export const MY_STOCK_PAGE_SIZE = 50;
export const MY_STOCK_PAGE_MAX = 200;
/** Places per page of a stocktake's review (docs/operations.md "Stocktake"). */
export const STOCKTAKE_PAGE_SIZE = 100;
export const STOCKTAKE_PAGE_MAX = 500;
export const DEFAULT_CUSTOMER_COUNTRY = 'Deutschland';
export const DEFAULT_ORDER_COUNTRY = 'DE';
export const MAX_ORDERS_PER_WAVE = 4;
export const RECENT_MOVEMENTS_SHOWN = 5;
export const MOVEMENT_TYPES = ['inbound', 'outbound', 'order_pick', 'relocation', 'adjustment', 'return'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  inbound: 'Einlagerung',
  outbound: 'Auslagerung',
  order_pick: PLACE_NAMES.picking,
  relocation: 'Umlagerung',
  adjustment: 'Korrektur',
  return: 'Retoure',
};
/** Why a stock correction was booked (docs/operations.md "Stock corrections"). */
export const ADJUSTMENT_REASONS = ['damaged', 'lost', 'found', 'expired', 'count_difference', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  damaged: 'beschädigt',
  lost: 'verloren',
  found: 'gefunden',
  expired: 'abgelaufen',
  count_difference: 'Inventurdifferenz',
  other: 'sonstiges',
};
/** Stocktake status machine counting → booked | cancelled (docs/operations.md "Stocktake"). */
export const STOCKTAKE_STATUSES = ['counting', 'booked', 'cancelled'] as const;
export type StocktakeStatus = (typeof STOCKTAKE_STATUSES)[number];
export const STOCKTAKE_STATUS_LABELS: Record<StocktakeStatus, string> = {
  counting: 'Zählung läuft',
  booked: 'gebucht',
  cancelled: 'storniert',
};
export const BASE_UNITS = ['piece', 'box', 'pallet'] as const;
export type BaseUnit = (typeof BASE_UNITS)[number];
export const BASE_UNIT_LABELS: Record<BaseUnit, string> = { piece: WORDS.pieces, box: 'Karton', pallet: WORDS.pallet };
export const ROOM_TYPES = ['ambient', 'cooled', 'frozen', 'hazmat'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  ambient: 'Normal',
  cooled: 'Gekühlt',
  frozen: 'Tiefkühl',
  hazmat: 'Gefahrstoff',
};
/** Location tree levels: a rack holds levels, a level holds compartments (only compartments hold stock). */
export const LOCATION_KINDS = ['rack', 'level', 'compartment'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
/** How a shipped order left: parcel service (DHL) or freight forwarder. */
export const CARRIER_TYPES = ['parcel', 'freight'] as const;
export type CarrierType = (typeof CARRIER_TYPES)[number];
/**
 * Outcome stored per replayed mutation (sync_mutations.status); the wire
 * protocol adds 'duplicate' for a replay of a stored one.
 */
export const STORED_MUTATION_STATUSES = ['applied', 'rejected'] as const;
export type StoredMutationStatus = (typeof STORED_MUTATION_STATUSES)[number];
/**
 * Pallet of a wave (part 2 §9): 120 × 80 cm, 180 cm high (1,728 litres), 500 kg.
 * Orders above 100 kg need a pallet of their own (no collective picking).
 */
export const WAVE_PALLET = { length_cm: 120, width_cm: 80, height_cm: 180, volume_l: 1728, max_weight_kg: 500, heavy_order_kg: 100 } as const;

/**
 * The day boundaries of date filters: the warehouse works on German calendar
 * days, so an event at 00:30 in Berlin counts for that day whatever the
 * database session's time zone is.
 */
export const WAREHOUSE_TIME_ZONE = 'Europe/Berlin';

/**
 * Billing charge codes (docs/operations.md "Billing (Abrechnung)"): what a
 * customer's rate card prices and countCharges counts; German labels in
 * shared/i18n/billing.ts (CHARGE_CODE_LABELS).
 */
export const CHARGE_CODES = [
  'storage_place_day',
  'inbound_unit',
  'pick_line',
  'pick_unit',
  'order_shipped',
  'package',
  'freight_pallet',
  'return_unit',
] as const;
export type ChargeCode = (typeof CHARGE_CODES)[number];
/** The highest net price per unit a rate card accepts: 10.000,00 € (a typo guard, far above any real rate). */
export const RATE_MAX_CENTS = 1_000_000;
/** The setting holding the VAT rate of new invoices, whole percent; unset: the default. */
export const VAT_RATE_PERCENT_KEY = 'vat_rate_percent';
export const VAT_RATE_PERCENT_DEFAULT = 19;
export const INVOICE_STATUSES = ['draft', 'final', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['invoice', 'cancellation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
