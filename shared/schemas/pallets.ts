import { z } from 'zod';
import { DISPOSABLE_GENERATE, DISPOSABLE_LIST_LIMIT, DISPOSABLE_PALLET_STATUSES, PALLET_STATUSES } from '../domain/pallets';
import { VALIDATION } from '../i18n/validation';
import { NullableTimestamp, optionalText, Timestamp } from './common';

/**
 * Reusable pallets and disposable pallet barcodes (spec part 2 §3, §5, §7).
 * Registration and the active toggle take query parameters, as the spec's
 * calls do; generation takes a JSON body {count}.
 */

/** A scanned or typed pallet barcode: trimmed, required. */
export const PalletBarcode = z.string({ error: VALIDATION.barcodeRequired }).trim().min(1, VALIDATION.barcodeRequired).max(64);

export const PalletBarcodeParams = z.object({ barcode: PalletBarcode });
export type PalletBarcodeParams = z.infer<typeof PalletBarcodeParams>;

export const CreatePalletQuery = z.object({ barcode: PalletBarcode, name: optionalText(200) });
export type CreatePalletQuery = z.infer<typeof CreatePalletQuery>;

export const SetPalletActiveQuery = z.object({
  active: z.enum(['true', 'false'], { error: VALIDATION.activeRequired }).transform((v) => v === 'true'),
});
export type SetPalletActiveQuery = z.infer<typeof SetPalletActiveQuery>;

export const PalletStatus = z.enum(PALLET_STATUSES);

export const CurrentCart = z.object({
  total_orders: z.number().int(),
  picker_name: z.string().nullable(),
  packer_name: z.string().nullable(),
});
export type CurrentCart = z.infer<typeof CurrentCart>;

export const Pallet = z.object({
  id: z.number().int(),
  barcode: z.string(),
  name: z.string().nullable(),
  active: z.boolean(),
  status: PalletStatus,
  last_used_at: NullableTimestamp,
  current_cart: CurrentCart.nullable(),
  created_at: Timestamp,
});
export type Pallet = z.infer<typeof Pallet>;
export const PalletList = z.array(Pallet);
export type PalletList = z.infer<typeof PalletList>;

export const DisposablePalletStatus = z.enum(DISPOSABLE_PALLET_STATUSES);

export const DisposablePallet = z.object({
  id: z.number().int(),
  barcode: z.string(),
  status: DisposablePalletStatus,
  used_for_order_id: z.number().int().nullable(),
  /** Order number of used_for_order_id, for the table (not in the spec's field list). */
  used_for_order_number: z.string().nullable(),
  created_at: Timestamp,
  used_at: NullableTimestamp,
});
export type DisposablePallet = z.infer<typeof DisposablePallet>;
export const DisposablePalletList = z.array(DisposablePallet);
export type DisposablePalletList = z.infer<typeof DisposablePalletList>;

export const DisposableListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(DISPOSABLE_LIST_LIMIT).default(DISPOSABLE_LIST_LIMIT),
});
export type DisposableListQuery = z.infer<typeof DisposableListQuery>;

export const DisposableStats = z.object({
  available: z.number().int(),
  used: z.number().int(),
  cancelled: z.number().int(),
  total: z.number().int(),
});
export type DisposableStats = z.infer<typeof DisposableStats>;

/** The form and the server check the count with the same rule. */
export const DisposableCount = z.coerce
  .number({ error: VALIDATION.disposableCountRange })
  .int(VALIDATION.disposableCountRange)
  .min(DISPOSABLE_GENERATE.min, VALIDATION.disposableCountRange)
  .max(DISPOSABLE_GENERATE.max, VALIDATION.disposableCountRange);

export const GenerateDisposableRequest = z.object({ count: DisposableCount });
export type GenerateDisposableRequest = z.infer<typeof GenerateDisposableRequest>;
