import type { InventoryOverview, ProductSummary } from '../../../shared/schemas/inventory';

/** How long the stock screens wait after the last keystroke before they search on the server. */
export const SEARCH_DELAY_MS = 300;

/** A row of the overview a page can start after (keyset). */
export type After = Pick<ProductSummary, 'product_id' | 'customer_id'>;
/** The page to ask for; with `after`, the rows after that one. */
export interface OverviewAt {
  page: number;
  after?: After;
}

/**
 * Where page `page` starts, seen from the shown page: the next page after the shown page's last row
 * (cheap however deep; remembered in `starts`, so going back asks by that row again); any other page,
 * e.g. one picked by number, is counted from the start of the list.
 */
export function overviewPageAt(
  shown: InventoryOverview | undefined,
  page: number,
  starts: Record<number, After>,
): { at: OverviewAt; starts: Record<number, After> } {
  const last = shown?.product_summary.at(-1);
  if (shown && last && page === shown.page + 1) {
    const after = { product_id: last.product_id, customer_id: last.customer_id };
    return { at: { page, after }, starts: { ...starts, [page]: after } };
  }
  return { at: { page, after: starts[page] }, starts };
}
