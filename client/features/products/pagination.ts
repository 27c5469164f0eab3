/** Page numbers to show: first, last, the current one and its neighbours; gaps become '…'. */
export function pageItems(current: number, total: number): Array<number | 'gap'> {
  if (total <= 1) return total === 1 ? [1] : [];
  const keep = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i] - sorted[i - 1] > 1) out.push(sorted[i] - sorted[i - 1] === 2 ? sorted[i] - 1 : 'gap');
    out.push(sorted[i]);
  }
  return out;
}
