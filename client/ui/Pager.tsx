import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatMessage } from '../../shared/i18n/format';
import { texts } from '../../shared/i18n/translate';
import { PAGER } from '../../shared/i18n/ui';
import { Button } from './Button';

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

export interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  /** Dative plural noun of the listed things, from PAGER ("Produkten", "Aufträgen"). */
  items: string;
  onPage: (p: number) => void;
}

/**
 * The one pager under a paged list: "Zeige … bis … von …", then previous, page numbers
 * and next. A labelled <nav>; the current page carries aria-current, every number
 * button reads "Seite n", and the range is announced politely when the page changes.
 */
export function Pager({ page, totalPages, total, pageSize, items, onPage }: PagerProps) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const P = texts(PAGER);
  // the caller passes PAGER's German noun: shown in the language in use
  const noun = (Object.keys(PAGER) as Array<keyof typeof PAGER>).find((k) => PAGER[k] === items);
  return (
    <nav className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={P.label}>
      <span className="text-slate-600" data-testid="page-info" aria-live="polite">
        {formatMessage(P.range, { from, to, total, items: noun ? P[noun] : items })}
      </span>
      {totalPages > 1 ? (
        <div className="flex flex-wrap items-center gap-1">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)} icon={<ChevronLeft className="h-4 w-4" aria-hidden />}>
            {P.previous}
          </Button>
          {pageItems(page, totalPages).map((p, i) =>
            p === 'gap' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: up to two gaps, told apart by their place in the pager
              <span key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden>
                …
              </span>
            ) : (
              <Button
                key={p}
                size="sm"
                variant={p === page ? 'primary' : 'secondary'}
                aria-current={p === page ? 'page' : undefined}
                aria-label={formatMessage(P.page, { page: p })}
                onClick={() => onPage(p)}
              >
                {p}
              </Button>
            ),
          )}
          <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            {P.next}
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
