import { MOVEMENTS_CSV } from '../../../shared/i18n/stock-adjustment';
import type { MovementsFilter } from '../../../shared/schemas/stock';
import { qs } from '../../app/api';
import { downloadFile } from '../../app/download';

/** Downloads the filtered movement history as CSV (GET /movements.csv, docs/operations.md "Stock corrections"). */
export function downloadMovementsCsv(filter: MovementsFilter = {}): Promise<void> {
  return downloadFile(`/movements.csv${qs(filter)}`, MOVEMENTS_CSV.filename);
}
