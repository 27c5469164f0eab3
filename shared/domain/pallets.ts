/**
 * Pallets (spec part 2 §3/§4/§9, docs/fulfilment.md "Pallets after
 * picking"): the statuses, their German labels and the limits of the
 * disposable-barcode screen. The migration's CHECK constraints mirror the
 * status lists.
 */
export const PALLET_STATUSES = ['available', 'in_use', 'ready_for_packing', 'packing'] as const;
export type PalletStatus = (typeof PALLET_STATUSES)[number];
export const PALLET_STATUS_LABELS: Record<PalletStatus, string> = {
  available: 'Verfügbar',
  in_use: 'In Benutzung',
  ready_for_packing: 'Bereit zum Packen',
  packing: 'Wird gepackt',
};

export const DISPOSABLE_PALLET_STATUSES = ['available', 'used', 'cancelled'] as const;
export type DisposablePalletStatus = (typeof DISPOSABLE_PALLET_STATUSES)[number];
export const DISPOSABLE_PALLET_STATUS_LABELS: Record<DisposablePalletStatus, string> = {
  available: 'Verfügbar',
  used: 'Verwendet',
  cancelled: 'Storniert',
};

/** Disposable barcodes: `DISP-` + 8 characters from A–Z0–9. */
export const DISPOSABLE_PREFIX = 'DISP-';
export const DISPOSABLE_CODE_LENGTH = 8;
export const DISPOSABLE_CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const DISPOSABLE_BARCODE_PATTERN = /^DISP-[A-Z0-9]{8}$/;

export const DISPOSABLE_GENERATE = { min: 1, max: 100, default: 20, recommendedMin: 10, recommendedMax: 20 } as const;
export const DISPOSABLE_LIST_LIMIT = 50;
export const DISPOSABLE_LOW_STOCK_THRESHOLD = 10;
/** Pallet labels: A6 landscape, 150 × 100 mm (spec §9). */
export const PALLET_LABEL_MM = { width: 150, height: 100 } as const;

export function isDisposableBarcode(code: string): boolean {
  return code.toUpperCase().startsWith(DISPOSABLE_PREFIX);
}

/** File name of the generated PDF: from the count (spec §7). */
export function disposablePdfFileName(count: number): string {
  return `einwegpaletten-${count}.pdf`;
}
