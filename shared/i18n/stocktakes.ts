import { FIELD_LABELS } from './fields';
import { WORDS } from './ui';

/** Stocktake (Inventur) words: the Inventurprotokoll CSV (docs/operations.md "Stocktake"). */
export const STOCKTAKE_WORDS = {
  stocktake: 'Inventur',
  expected: 'Soll',
  counted: 'Gezählt',
  difference: WORDS.difference,
  /** Note on a count_difference movement; {number} is the stocktake's number. */
  movementNote: (number: string) => `Inventurdifferenz ${number}`,
  /** Status-log descriptions. */
  logCreated: (number: string, name: string, places: number) => `Inventur ${number} (${name}) angelegt: ${places} Plätze`,
  logBooked: (number: string, differences: number, movements: number) => `Inventur ${number} gebucht: ${differences} Differenzen, ${movements} Buchungen`,
  logCancelled: (number: string) => `Inventur ${number} storniert`,
} as const;

/** Column headers of GET /stocktakes/{id}/report.csv, in column order. */
export const STOCKTAKE_CSV_HEADERS = [
  STOCKTAKE_WORDS.stocktake,
  FIELD_LABELS.location_id,
  FIELD_LABELS.ean,
  WORDS.article,
  WORDS.customer,
  WORDS.batch,
  STOCKTAKE_WORDS.expected,
  STOCKTAKE_WORDS.counted,
  STOCKTAKE_WORDS.difference,
  WORDS.user,
  WORDS.time,
] as const;
