import { isGermany } from './countries';

/**
 * Shipping constants of the packing station (spec part 2 §4 "Carrier
 * defaults", §9). Weights travel in grams (kg × 1000, rounded).
 */

/** Parcel carriers of the packing station; DHL is the default with automatic labels. */
export const PARCEL_CARRIERS = ['DHL', 'DPD', 'UPS', 'Hermes', 'GLS'] as const;
export type ParcelCarrier = (typeof PARCEL_CARRIERS)[number];
/** The simple packing view offers fewer carriers (no Hermes). */
export const SIMPLE_VIEW_CARRIERS = ['DHL', 'DPD', 'UPS', 'GLS'] as const satisfies readonly ParcelCarrier[];
export const DHL_CARRIER: ParcelCarrier = 'DHL';

/** Freight carriers; German freight goes through the direct freight connector (Zufall). */
export const FREIGHT_CARRIERS = ['Zufall', 'Raben', 'Kühne+Nagel'] as const;
export const FREIGHT_CARRIER_GERMANY = 'Zufall';
export const FREIGHT_CARRIER_INTERNATIONAL = 'Raben';

/** Default weight of one parcel and the minimum per package (grams). */
export const DEFAULT_PARCEL_WEIGHT_GRAMS = 1000;
export const MIN_PACKAGE_WEIGHT_GRAMS = 100;
/** DHL's limit for one parcel (V01PAK, 31.5 kg): the most one package may weigh, and the line between parcel and freight in the shipping step. */
export const DHL_PARCEL_MAX_GRAMS = 31_500;
/** Upper bounds the server accepts (a package as DHL takes it; manual carriers get some room in the total). */
export const MAX_PACKAGE_WEIGHT_GRAMS = DHL_PARCEL_MAX_GRAMS;
export const MAX_TOTAL_WEIGHT_GRAMS = 10_000_000;
/** Packages per shipment call. */
export const MAX_PACKAGES = 30;

/** kg as typed (0,5 / 0.5) -> grams, rounded; NaN for anything else. */
export function kgToGrams(kg: number | string): number {
  const n = typeof kg === 'number' ? kg : Number(String(kg).trim().replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 1000) : Number.NaN;
}

/** Carrier defaults of the shipping step (spec §4): packing info first, else freight by country. */
export function defaultCarrier(info: { carrier: string | null; carrier_type: string | null; delivery_country: string | null }): {
  carrier: string;
  carrier_type: 'parcel' | 'freight';
} {
  if (info.carrier && (info.carrier_type === 'parcel' || info.carrier_type === 'freight')) {
    return { carrier: info.carrier, carrier_type: info.carrier_type };
  }
  return { carrier: isGermany(info.delivery_country) ? FREIGHT_CARRIER_GERMANY : FREIGHT_CARRIER_INTERNATIONAL, carrier_type: 'freight' };
}

/**
 * What the shipping step opens on: a booking the order carries (spec §4),
 * else DHL parcel when the order's weight (product weights × picked pieces)
 * fits one parcel, else freight by country (also an order waiting for a
 * freight offer). An order whose weight is unknown
 * (a product without weight) stays freight, as the spec's default.
 */
export function shippingPreset(info: {
  carrier: string | null;
  carrier_type: string | null;
  delivery_country: string | null;
  estimated_weight_grams: number | null;
  /** Freight abroad waiting for an offer: it stays in the freight branch, whatever it weighs. */
  freight_quote_requested_at?: unknown;
}): { carrier: string; carrier_type: 'parcel' | 'freight' } {
  const preset = defaultCarrier(info);
  if (info.carrier && preset.carrier_type === info.carrier_type) return preset;
  if (info.freight_quote_requested_at) return { ...preset, carrier_type: 'freight' };
  const grams = info.estimated_weight_grams;
  if (grams !== null && grams > 0 && grams <= DHL_PARCEL_MAX_GRAMS) return { carrier: DHL_CARRIER, carrier_type: 'parcel' };
  return preset;
}

/**
 * A freight order: the carrier defaults above end in freight, i.e. the order
 * is not booked for a parcel carrier (carrier_type 'parcel' with its carrier).
 * An order without a booking is freight, as the packing station starts it.
 */
export function isFreightOrder(info: { carrier: string | null; carrier_type: string | null; delivery_country: string | null }): boolean {
  return defaultCarrier(info).carrier_type === 'freight';
}

/** Tracking numbers typed into one field per package, or sent comma-separated in the ship query. */
export function splitTrackingNumbers(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,;\n]/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** Spec §9: a parcel label's blob URL lives 10 s; several label windows open 100 ms apart; the address correction retries after 0.5 s. */
export const PARCEL_LABEL_URL_REVOKE_MS = 10_000;
export const LABEL_WINDOW_GAP_MS = 100;
export const ADDRESS_RETRY_DELAY_MS = 500;
