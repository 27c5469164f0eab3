/**
 * How a scanned quantity is taken from the reservations an order holds at one
 * place (docs/fulfilment.md "What books stock"): the rows in the order
 * given (lines in list order, earliest expiry first inside a line), each row
 * giving at most what it holds and each line at most what it still needs.
 * The server books these takes; the device plans the same takes offline, so
 * both refuse the same scans.
 */
export interface ReservedRow {
  order_item_id: number;
  /** Pieces this reservation row holds. */
  quantity: number;
}

export interface Allocation<R extends ReservedRow> {
  takes: Array<{ row: R; take: number }>;
  /** Pieces the rows could not give (0 when the scan is covered). */
  missing: number;
}

export function allocatePick<R extends ReservedRow>(rows: readonly R[], quantity: number, limitOf: (orderItemId: number) => number): Allocation<R> {
  const left = new Map<number, number>();
  const takes: Array<{ row: R; take: number }> = [];
  let need = quantity;
  for (const row of rows) {
    if (need === 0) break;
    const lineLeft = left.get(row.order_item_id) ?? limitOf(row.order_item_id);
    const take = Math.min(need, row.quantity, lineLeft);
    if (take <= 0) continue;
    takes.push({ row, take });
    left.set(row.order_item_id, lineLeft - take);
    need -= take;
  }
  return { takes, missing: need };
}
