import type { ErrorEntry } from './types';

/** Error codes of stock corrections (Bestandskorrektur, docs/operations.md "Stock corrections"). */
export const adjustmentErrors = {
  /** params: location (barcode), quantity (stock there), requested (units to book off) */
  ADJUST_BELOW_ZERO: {
    status: 409,
    de: 'Korrektur nicht möglich: an Platz {location} liegen nur {quantity} Stück, der Bestand würde unter 0 fallen',
  },
  /** params: location (barcode), available (unreserved units), reserved, requested */
  ADJUST_BELOW_RESERVED: {
    status: 409,
    de: 'Korrektur nicht möglich: an Platz {location} sind {reserved} Stück reserviert, nur {available} Stück können ausgebucht werden',
  },
} satisfies Record<string, ErrorEntry>;
