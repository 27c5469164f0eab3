import { z } from 'zod';
import { formatMessage } from '../i18n/format';
import { FREIGHT_DEFAULT_CARRIER, FREIGHT_VALIDATION as V } from '../i18n/freight';
import { FREIGHT_CARRIERS, splitTrackingNumbers } from '../domain/shipping';
import { PACKING_VALIDATION } from '../i18n/packing';
import { DELIVERY_ADDRESS_FIELDS } from './address';
import { OutboundOrder } from './orders';

/**
 * Freight shipping (spec part 2 §3 "Freight pallet detail", "Freight
 * quotation order"; §5; §7; docs/fulfilment.md "Freight shipping"):
 *   POST /outbound-orders/{id}/request-freight-quote RequestFreightQuote -> RequestFreightQuoteResponse
 *   GET  /outbound-orders/freight-quotations         -> FreightQuotation[]
 *   POST /outbound-orders/{id}/save-freight-quote    SaveFreightQuote -> FreightQuotation
 *   POST /outbound-orders/{id}/ship-freight          ShipFreight -> ShipResponse (packing)
 *   GET  /outbound-orders/{id}/freight-email-template -> FreightEmailTemplate
 *   GET  /outbound-orders/{id}/pallet-labels          -> application/pdf
 * Prices are integer cents; dimensions cm, weights kg.
 */

export const MAX_FREIGHT_PALLETS = 30;

const Positive = z.coerce.number({ error: PACKING_VALIDATION.freightDimensionsRequired }).positive(PACKING_VALIDATION.freightDimensionsRequired).max(100_000);

/**
 * A measure as its freight_pallets column keeps it (numeric(8,1) cm, numeric(10,2) kg): a value
 * that rounds to 0 there would pass `positive` and then fail the column's CHECK (> 0).
 */
const stored = (decimals: number, tooSmall: string) => Positive.refine((v) => Math.round(v * 10 ** decimals) > 0, tooSmall);
const Centimetres = stored(1, V.dimensionTooSmall);
const Kilograms = stored(2, V.weightTooSmall);

export const PalletCount = z.coerce.number({ error: V.palletCount }).int(V.palletCount).min(1, V.palletCount).max(MAX_FREIGHT_PALLETS, V.palletCount);

/** One pallet as the quotation order carries it (cm, kg). */
export const FreightPalletDimension = z.object({ length: Centimetres, width: Centimetres, height: Centimetres, weight: Kilograms });
export type FreightPalletDimension = z.infer<typeof FreightPalletDimension>;

/** One pallet as the packing station's ship call sends it (spec "Freight pallet detail"). */
export const FreightPalletDetail = z.object({ length_cm: Centimetres, width_cm: Centimetres, height_cm: Centimetres, weight_kg: Kilograms });
export type FreightPalletDetail = z.infer<typeof FreightPalletDetail>;

export const detailToDimension = (d: FreightPalletDetail): FreightPalletDimension => ({
  length: d.length_cm,
  width: d.width_cm,
  height: d.height_cm,
  weight: d.weight_kg,
});

type FreightShipPath = 'carrier' | 'tracking_number' | 'pallet_details';

/**
 * Spec §5 for German freight through the ship call: a known freight carrier,
 * at least one tracking number and no more than one per pallet, dimensions
 * (when sent) for every pallet. ShipQuery runs it for carrier_type=freight.
 */
export function freightShipProblems(q: {
  carrier: string;
  tracking_number?: string;
  num_pallets: number;
  pallet_details?: FreightPalletDetail[];
}): Array<{ path: FreightShipPath; message: string }> {
  const P = PACKING_VALIDATION;
  const out: Array<{ path: FreightShipPath; message: string }> = [];
  if (!(FREIGHT_CARRIERS as readonly string[]).includes(q.carrier))
    out.push({ path: 'carrier', message: formatMessage(P.carrierUnknown, { carrier: q.carrier }) });
  const numbers = splitTrackingNumbers(q.tracking_number);
  if (numbers.length === 0) out.push({ path: 'tracking_number', message: P.freightTrackingRequired });
  else if (numbers.length > q.num_pallets) out.push({ path: 'tracking_number', message: formatMessage(P.freightTrackingPerPallet, { count: q.num_pallets }) });
  else if (numbers.some((t) => t.length > 50)) out.push({ path: 'tracking_number', message: P.trackingTooLong });
  if (q.pallet_details && q.pallet_details.length !== q.num_pallets) out.push({ path: 'pallet_details', message: P.freightDimensionsRequired });
  return out;
}

export const RequestFreightQuote = z
  .object({
    num_pallets: PalletCount.default(1),
    pallet_dimensions: z.array(FreightPalletDimension, { error: V.dimensionsRequired }).min(1, V.dimensionsRequired).max(MAX_FREIGHT_PALLETS),
  })
  .superRefine((b, ctx) => {
    if (b.pallet_dimensions.length !== b.num_pallets)
      ctx.addIssue({ code: 'custom', path: ['pallet_dimensions'], message: formatMessage(V.palletDimensionsCount, { count: b.num_pallets }) });
  });
export type RequestFreightQuote = z.infer<typeof RequestFreightQuote>;

export const RequestFreightQuoteResponse = OutboundOrder.pick({
  id: true,
  order_number: true,
  status: true,
  freight_quote_requested_at: true,
  num_pallets: true,
}).extend({ message: z.string(), pallet_dimensions: z.array(FreightPalletDimension) });
export type RequestFreightQuoteResponse = z.infer<typeof RequestFreightQuoteResponse>;

export const FreightQuotation = OutboundOrder.pick({
  id: true,
  order_number: true,
  customer_id: true,
  customer_name: true,
  ...DELIVERY_ADDRESS_FIELDS,
  freight_quote_requested_at: true,
  freight_quote_price: true,
  freight_quote_notes: true,
}).extend({ num_pallets: z.number().int(), pallet_dimensions: z.array(FreightPalletDimension) });
export type FreightQuotation = z.infer<typeof FreightQuotation>;
export const FreightQuotationList = z.array(FreightQuotation);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const SaveFreightQuote = z.object({
  /** Integer cents; the dashboard converts € × 100, rounded; empty → 0. */
  price: z.number({ error: V.priceInvalid }).int(V.priceInvalid).min(0, V.priceNegative).max(100_000_000, V.priceInvalid),
  notes: z.preprocess(blankToNull, z.string().trim().max(2000, V.notesTooLong).nullish()).transform((v) => v ?? null),
});
export type SaveFreightQuote = z.infer<typeof SaveFreightQuote>;
export type SaveFreightQuoteInput = z.input<typeof SaveFreightQuote>;

export const SaveFreightQuoteResponse = FreightQuotation.extend({ message: z.string() });
export type SaveFreightQuoteResponse = z.infer<typeof SaveFreightQuoteResponse>;

export const ShipFreight = z.object({
  tracking_number: z.string({ error: V.trackingRequired }).trim().min(1, V.trackingRequired).max(50),
  carrier: z.preprocess(blankToNull, z.string().trim().max(50, V.carrierTooLong).nullish()).transform((v) => v ?? FREIGHT_DEFAULT_CARRIER),
});
export type ShipFreight = z.infer<typeof ShipFreight>;
export type ShipFreightInput = z.input<typeof ShipFreight>;

export const FreightEmailTemplate = z.object({ email_template: z.string() });
export type FreightEmailTemplate = z.infer<typeof FreightEmailTemplate>;

/** Cents -> "1.234,50 €". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** "12,5" or "12.5" € as typed -> cents (× 100, rounded); empty -> 0; NaN when unreadable. */
export function euroToCents(value: string): number {
  const t = value.trim();
  if (t === '') return 0;
  const n = Number(t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
