import { PRODUCT_PAGE_SIZE } from '../../../shared/constants';
import { Button } from '../../ui/Button';
import { pageItems } from './pagination';

/** Pager under a paged list: "Zeige … von …" and the page buttons. */

export function Pagination({
  page,
  totalPages,
  total,
  pageSize = PRODUCT_PAGE_SIZE,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  pageSize?: number;
  onPage: (p: number) => void;
}) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Seiten">
      <span className="text-slate-600" data-testid="page-info">
        Zeige {from} bis {to} von {total} Produkten
      </span>
      <div className="flex items-center gap-1">
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Zurück
        </Button>
        {pageItems(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: up to two gaps, told apart by their place in the pager
            <span key={`gap-${i}`} className="px-1 text-slate-500">
              …
            </span>
          ) : (
            <Button key={p} size="sm" variant={p === page ? 'primary' : 'secondary'} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
              {p}
            </Button>
          ),
        )}
        <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Weiter
        </Button>
      </div>
    </nav>
  );
}
