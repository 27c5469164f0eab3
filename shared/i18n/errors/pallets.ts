import type { ErrorEntry } from './types';

/** Error codes of reusable pallets and disposable pallet barcodes (spec part 2 §5, §8). */
export const palletErrors = {
  /** params: barcode or id */
  PALLET_NOT_FOUND: { status: 404, de: 'Palette nicht gefunden' },
  /** params: barcode */
  PALLET_BARCODE_TAKEN: { status: 409, de: 'Palette {barcode} ist bereits registriert' },
  /** params: barcode, status (German label), status_code */
  PALLET_NOT_AVAILABLE: { status: 409, de: 'Palette {barcode} ist nicht verfügbar (Status: {status})' },
  /** params: barcode, status (German label), status_code. Only an `in_use` pallet can be released by hand. */
  PALLET_NOT_RELEASABLE: { status: 409, de: 'Palette {barcode} kann nicht freigegeben werden (Status: {status})' },
  /** params: barcode, wave (wave number), wave_id */
  PALLET_CARRIES_OPEN_WAVE: { status: 409, de: 'Palette {barcode} trägt die offene Welle {wave} und kann nicht freigegeben werden' },
  /** params: barcode, status (German label), status_code */
  DISPOSABLE_PALLET_NOT_AVAILABLE: { status: 409, de: 'Einwegpalette {barcode} ist nicht verfügbar (Status: {status})' },
  /** The generator found no free codes after several tries (practically unreachable with 36^8 codes). */
  DISPOSABLE_GENERATE_FAILED: { status: 503, de: 'Es konnten keine neuen Einweg-Barcodes erzeugt werden – bitte erneut versuchen' },
} satisfies Record<string, ErrorEntry>;
