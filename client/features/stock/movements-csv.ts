import { MOVEMENTS_CSV } from '../../../shared/i18n/stock-adjustment';
import type { MovementsFilter } from '../../../shared/schemas/stock';
import { api, qs } from '../../app/api';

/**
 * Downloads the filtered movement history as CSV (GET /movements.csv,
 * docs/operations.md "Stock corrections"). Fetched with the session's token
 * (a plain link would go without it), then saved through a blob URL.
 */
export async function downloadMovementsCsv(filter: MovementsFilter = {}): Promise<void> {
  const blob = await api.blob(`/movements.csv${qs(filter)}`, { headers: { Accept: 'text/csv' } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = MOVEMENTS_CSV.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
