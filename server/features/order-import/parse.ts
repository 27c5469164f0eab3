import Papa from 'papaparse';
import { formatMessage } from '../../../shared/i18n/format';
import { ORDER_IMPORT_MESSAGES as M } from '../../../shared/i18n/order-import';
import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type ImportColumn, type OrderImportRowError } from '../../../shared/schemas/order-import';

/**
 * Reading the CSV of the order import (docs/integrations.md "CSV order
 * import"): UTF-8 with or without BOM, `;` or `,` as separator. The separator
 * is the one of the two the header line uses more often (ties: `;`, as German
 * Excel writes it); papaparse's own guess also tries tabs and pipes and gives
 * up on files with empty lines. Each record keeps the line it starts on as a
 * person counts (header = 1), also after quoted fields with line breaks.
 */

export const IMPORT_MAX_ROWS = 5000;

export interface CsvRecord {
  line: number;
  values: Record<ImportColumn, string>;
}

export type ParsedCsv = { ok: true; records: CsvRecord[] } | { ok: false; errors: OrderImportRowError[] };

function separatorOf(headerLine: string): ';' | ',' {
  const count = (c: string) => headerLine.split(c).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

export function parseImportCsv(input: string): ParsedCsv {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = separatorOf(text.split(/\r?\n/, 1)[0] ?? '');
  const rows: { line: number; data: string[] }[] = [];
  const errors: OrderImportRowError[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (r) => {
      const here = line;
      const end = r.meta.cursor;
      for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      start = end;
      if (r.errors.length > 0) errors.push({ row: here, field: '', detail: M.notCsv });
      if (r.data.every((v) => v.trim() === '')) return;
      rows.push({ line: here, data: r.data });
    },
  });
  if (errors.length > 0) return { ok: false, errors };
  const [header, ...body] = rows;
  if (!header) return { ok: false, errors: [{ row: 1, field: '', detail: M.noRows }] };
  const names = header.data.map((h) => h.trim().toLowerCase());
  for (const [i, n] of names.entries()) {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(n)) errors.push({ row: header.line, field: header.data[i] ?? '', detail: M.columnUnknown });
  }
  for (const c of IMPORT_REQUIRED_COLUMNS) if (!names.includes(c)) errors.push({ row: header.line, field: c, detail: M.columnMissing });
  if (errors.length > 0) return { ok: false, errors };
  if (body.length === 0) return { ok: false, errors: [{ row: 2, field: '', detail: M.noRows }] };
  if (body.length > IMPORT_MAX_ROWS)
    return { ok: false, errors: [{ row: body[IMPORT_MAX_ROWS].line, field: '', detail: formatMessage(M.tooManyRows, { max: IMPORT_MAX_ROWS }) }] };
  const records: CsvRecord[] = [];
  for (const r of body) {
    if (r.data.length !== names.length) {
      errors.push({ row: r.line, field: '', detail: formatMessage(M.fieldCount, { found: r.data.length, expected: names.length }) });
      continue;
    }
    const values = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ''])) as Record<ImportColumn, string>;
    for (const [i, n] of names.entries()) values[n as ImportColumn] = (r.data[i] ?? '').trim();
    records.push({ line: r.line, values });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, records };
}
