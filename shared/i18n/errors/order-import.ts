import type { ErrorEntry } from './types';

/** Error codes of the CSV order import (docs/integrations.md "CSV order import"). */
export const orderImportErrors = {
  /** params: rows [{row, field, detail}] (row = line in the file, header = 1), count, and the first row's row, field, reason */
  ORDER_IMPORT_INVALID: { status: 400, de: 'Die Datei wurde nicht importiert ({count} Fehler) – Zeile {row}, {field}: {reason}' },
  /** params: references (comma-separated), rows: the lines of those references */
  ORDER_IMPORT_REFERENCE_EXISTS: { status: 409, de: 'Bestellreferenz bereits importiert: {references}' },
} satisfies Record<string, ErrorEntry>;
