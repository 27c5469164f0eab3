import { VALIDATION } from '../validation';
import type { ErrorEntry } from './types';

/** Error codes of picking waves and picking carts (spec part 2 §5, §8; docs/fulfilment.md "Waves"). */
export const waveErrors = {
  /** params: id. Also for waves holding orders outside the caller's scope. */
  WAVE_NOT_FOUND: { status: 404, de: 'Wave nicht gefunden' },
  WAVE_ORDERS_REQUIRED: { status: 400, de: VALIDATION.waveOrdersRequired },
  WAVE_TOO_MANY_ORDERS: { status: 400, de: VALIDATION.waveTooManyOrders },
  /** params: number, status (German label), action (German label), status_code */
  WAVE_STATUS_CONFLICT: { status: 409, de: 'Welle {number} ist im Status „{status}“ – {action} ist nicht möglich' },
  /** params: number (order number), status (German label) */
  WAVE_ORDER_NOT_ELIGIBLE: { status: 409, de: 'Auftrag {number} ist im Status „{status}“ und kann keiner Welle zugeordnet werden' },
  /** params: number (order number), wave (wave number) */
  WAVE_ORDER_IN_OTHER_WAVE: { status: 409, de: 'Auftrag {number} ist bereits in Welle {wave}' },
  /** params: number (wave number), picker */
  WAVE_TAKEN: { status: 409, de: 'Welle {number} wird bereits von {picker} kommissioniert' },
  /** params: number */
  WAVE_NO_PALLET: { status: 409, de: 'Wave hat keine Palette zugewiesen' },
  /** params: barcode (scanned), expected (the wave's pallet) */
  WAVE_PALLET_MISMATCH: { status: 409, de: 'Welle ist bereits mit Palette {expected} gestartet' },
  /** params: reason (the German sentence of shared/domain/pallet-load.ts capacityText), kind, weight_kg, volume_percent, order_number */
  WAVE_OVER_CAPACITY: { status: 409, de: '{reason}' },
  WAVE_DUPLICATE_ORDER: { status: 400, de: 'Ein Auftrag ist mehrfach ausgewählt' },
  /** params: corner */
  CART_ASSIGNMENT_INVALID: { status: 400, de: 'Ungültige Eckenzuordnung: {reason}' },
} satisfies Record<string, ErrorEntry>;
