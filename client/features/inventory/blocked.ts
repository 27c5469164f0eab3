/**
 * How a blocked quantity (stock on Sperrplätze, docs/operations.md "Blocked
 * places") looks in the stock tables: red when there is any, muted when none.
 */
export const blockedTone = (quantity: number): string => (quantity > 0 ? 'font-semibold text-red-700' : 'text-slate-400');
