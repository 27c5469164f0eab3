import { FIELD_LABELS } from './fields';
import { formatMessage } from './format';
import { PAGER, WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

/** Stocktake (Inventur) words: the Inventurprotokoll CSV (docs/operations.md "Stocktake"). */
export const STOCKTAKE_WORDS = {
  stocktake: SCREEN_TITLES.stocktakes,
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

/** German texts of the stocktake screens (client/features/stocktakes/). */
export const STOCKTAKE_UI = {
  title: STOCKTAKE_WORDS.stocktake,
  subtitle: 'Permanente Inventur: Plätze blind zählen lassen, Differenzen prüfen und buchen',
  newStocktake: 'Neue Inventur',
  empty: 'Noch keine Inventur angelegt',
  listError: 'Fehler beim Laden der Inventuren',
  detailError: 'Fehler beim Laden der Inventur',
  colNumber: 'Nummer',
  colPlaces: 'Plätze gezählt',
  colDifferences: 'Differenzen',
  colCreated: 'Angelegt am',
  blindBadge: 'blind',
  placesDone: (done: number, all: number) => `${done}/${all}`,
  // create dialog
  scope: 'Was wird gezählt?',
  scopeRoom: 'Ein ganzer Raum',
  scopeRacks: 'Ausgewählte Regale',
  chooseRoom: 'Raum wählen …',
  blindLabel: 'Blindzählung (Zähler sehen den Sollbestand nicht)',
  create: 'Inventur anlegen',
  created: (number: string, places: number) => `Inventur ${number} angelegt: ${places} Plätze`,
  createError: 'Fehler beim Anlegen der Inventur',
  scopeMissing: 'Bitte einen Raum oder mindestens ein Regal wählen',
  // detail
  backToList: 'Zurück zu den Inventuren',
  detailTitle: (number: string, name: string) => `Inventur ${number} – ${name}`,
  onlyDifferences: FIELD_LABELS.only_differences,
  shownOf: (shown: number, total: number) => formatMessage(PAGER.shown, { shown, total, items: PAGER.places }),
  placeDone: 'fertig',
  placeOpen: 'offen',
  noLines: 'Keine Artikel erwartet oder gezählt',
  notCounted: 'nicht gezählt',
  book: 'Differenzen buchen',
  bookQuestion: (number: string) =>
    `Inventur ${number} buchen? Jede Differenz wird als Korrektur (Inventurdifferenz) gebucht und die Plätze werden freigegeben.`,
  booked: (number: string, differences: number) => `Inventur ${number} gebucht: ${differences} Differenzen`,
  cancel: 'Inventur stornieren',
  cancelQuestion: (number: string) => `Inventur ${number} stornieren? Die Plätze werden ohne Buchung freigegeben.`,
  cancelled: (number: string) => `Inventur ${number} storniert`,
  actionError: 'Fehler beim Ändern der Inventur',
  openPlaces: (n: number) => `${n} Plätze noch nicht fertig gezählt – buchen erst, wenn alle fertig sind`,
  report: 'Inventurprotokoll (CSV)',
  reportFile: (number: string) => `inventurprotokoll-${number}.csv`,
  sheet: 'Zählliste (PDF)',
  sheetFile: (number: string) => `zaehlliste-${number}.pdf`,
} as const;

/** Texts of the count sheet GET /stocktakes/{id}/sheet.pdf (server/features/stocktakes/sheet.ts). */
export const STOCKTAKE_SHEET = {
  title: (number: string, name: string) => `Zählliste ${number} – ${name}`,
  created: (date: string) => `angelegt am ${date}`,
  blindNote: 'Blindzählung: ohne Sollmengen',
  place: (barcode: string) => `Platz ${barcode}`,
  noLines: 'Keine Artikel erwartet',
  /** Blank rows under each place for articles found there but not listed. */
  foundRows: 'Weitere gefundene Artikel:',
  countedBy: 'Gezählt von: ____________________    Datum: ____________',
  page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
} as const;
