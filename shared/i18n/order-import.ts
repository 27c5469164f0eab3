import { SHIPPING_WORDS, UI, WORDS } from './ui';
import { FIELD_LABELS } from './fields';

/**
 * The CSV order import (docs/integrations.md "CSV order import"): the row
 * refusals the server answers in params.rows and the portal's dialog.
 */
export const ORDER_IMPORT_MESSAGES = {
  columnMissing: 'Pflichtspalte fehlt',
  columnUnknown: 'Unbekannte Spalte',
  noRows: 'Die Datei enthält keine Auftragszeilen',
  notCsv: 'Die Datei ist keine lesbare CSV-Datei (Trennzeichen ; oder ,)',
  tooManyRows: 'Zu viele Zeilen (höchstens {max})',
  fieldCount: 'Die Zeile hat {found} statt {expected} Spalten',
  otherAddress: 'Gleiche Bestellreferenz wie Zeile {row}, aber andere Lieferadresse',
  dryRunInvalid: 'Nur prüfen muss true oder false sein',
  eanTwice: 'EAN bereits in Zeile {row} desselben Auftrags',
} as const;

export const ORDER_IMPORT_UI = {
  open: 'CSV importieren',
  title: 'Aufträge aus CSV importieren',
  intro: 'Eine Zeile je Artikel; Zeilen mit derselben Bestellreferenz bilden einen Auftrag. Trennzeichen ; oder , (UTF-8).',
  file: 'CSV-Datei',
  columns: 'Spalten',
  requiredColumns: 'Pflicht',
  optionalColumns: 'Optional',
  example: 'Beispieldatei herunterladen',
  checking: 'Datei wird geprüft…',
  errorsTitle: 'Die Datei wurde nicht importiert. Bitte diese Zeilen korrigieren und die Datei erneut wählen:',
  previewTitle: (orders: number) => `${orders} ${orders === 1 ? WORDS.order : WORDS.orders} bereit zum Import`,
  row: 'Zeile',
  field: 'Feld',
  error: 'Fehler',
  reference: FIELD_LABELS.order_reference,
  recipient: SHIPPING_WORDS.recipient,
  lines: WORDS.article,
  submit: 'Importieren',
  busy: 'Wird importiert…',
  cancel: UI.cancel,
  done: (n: number) => `${n} ${n === 1 ? WORDS.order : WORDS.orders} importiert`,
} as const;
