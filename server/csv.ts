/**
 * CSV for spreadsheet users in Germany (Excel with a German locale): fields
 * separated by semicolons, lines ended by CRLF, UTF-8 with a byte order mark
 * so that umlauts open correctly. A field with a separator, quote or line
 * break is quoted (RFC 4180); one starting with =, +, - or @ gets a leading
 * apostrophe so a spreadsheet does not run it as a formula (OWASP "CSV
 * Injection"). Numbers are passed as plain strings and left alone.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+([.,]\d+)?$/;

export function csvField(value: string): string {
  const v = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}
