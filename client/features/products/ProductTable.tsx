import { ArrowDown, ArrowUp, ArrowUpDown, Check, ImageOff, Pencil, RefreshCw, X } from 'lucide-react';
import { MISSING_FIELD_LABELS } from '../../../shared/i18n/fields';
import { PRODUCT_UI as T } from '../../../shared/i18n/products';
import type { CatalogProduct, ProductSort } from '../../../shared/schemas/catalog';
import { UI } from '../../../shared/i18n/ui';
import { Button } from '../../ui/Button';
import { Badge, table, scrollRegion } from '../../ui/misc';

/** The product list of the Produktverwaltung: sortable headers, one row per product. */

const de = (n: number, digits = 3) => n.toLocaleString('de-DE', { maximumFractionDigits: digits });

function SortHeader({
  label,
  value,
  sort,
  dir,
  onSort,
  className = '',
}: {
  label: string;
  value: ProductSort;
  sort: ProductSort;
  dir: 'asc' | 'desc';
  onSort: (s: ProductSort) => void;
  className?: string;
}) {
  const active = sort === value;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th className={`${table.th} ${className}`} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={() => onSort(value)}>
        {label}
        <Icon className={`h-3.5 w-3.5 ${active ? 'text-brand-700' : 'opacity-50'}`} aria-hidden />
      </button>
    </th>
  );
}

// Rows carry a thumbnail: centre the cells vertically.
const td = table.td.replace('align-top', 'align-middle');
const Missing = () => <span className="font-semibold text-red-600">{T.missing}</span>;

export function ProductTable({
  items,
  sort,
  dir,
  onSort,
  onEdit,
  onEnrich,
  enrichingId,
}: {
  items: CatalogProduct[];
  sort: ProductSort;
  dir: 'asc' | 'desc';
  onSort: (s: ProductSort) => void;
  onEdit: (p: CatalogProduct) => void;
  onEnrich: (p: CatalogProduct) => void;
  enrichingId: number | null;
}) {
  return (
    <div className={table.wrap} {...scrollRegion(T.tableRegion)}>
      <table className={table.table} data-testid="products-table">
        <thead>
          <tr>
            <SortHeader label={T.product} value="title" sort={sort} dir={dir} onSort={onSort} />
            <SortHeader label={T.ean} value="ean" sort={sort} dir={dir} onSort={onSort} />
            <SortHeader label={T.weight} value="weight" sort={sort} dir={dir} onSort={onSort} className="text-right" />
            <th className={table.th}>{T.dimensions}</th>
            <th className={`${table.th} text-center`}>{T.image}</th>
            <th className={table.th}>{T.status}</th>
            <th className={table.th}>
              <span className="sr-only">{T.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((p) => (
            <tr key={p.id} className={table.tr} data-testid={`product-row-${p.ean}`}>
              <td className={td}>
                <div className="flex items-center gap-2">
                  {p.image_url ? (
                    <img src={p.image_url} alt="" className="h-9 w-9 shrink-0 rounded border border-slate-200 object-contain" loading="lazy" />
                  ) : (
                    <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-slate-400">
                      <ImageOff className="h-4 w-4" aria-hidden />
                    </div>
                  )}
                  <span className="line-clamp-2 font-medium">{p.title}</span>
                </div>
              </td>
              <td className={`${td} font-mono text-xs`}>{p.ean}</td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{p.weight_kg === null ? <Missing /> : `${de(p.weight_kg)} kg`}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>
                {p.length_cm === null || p.width_cm === null || p.height_cm === null ? (
                  <Missing />
                ) : (
                  `${de(p.length_cm, 1)} × ${de(p.width_cm, 1)} × ${de(p.height_cm, 1)} cm`
                )}
              </td>
              <td className={`${td} text-center`}>
                {p.image_url ? (
                  <Check className="mx-auto h-4 w-4 text-emerald-600" aria-label={T.hasImage} />
                ) : (
                  <X className="mx-auto h-4 w-4 text-slate-400" aria-label={T.noImage} />
                )}
              </td>
              <td className={td}>
                <Badge tone={p.is_complete ? 'green' : 'amber'}>{p.is_complete ? UI.complete : UI.incomplete}</Badge>
                {p.missing.length > 0 ? (
                  <div className="mt-0.5 text-xs text-slate-500">{T.missingFields(p.missing.map((m) => MISSING_FIELD_LABELS[m]).join(', '))}</div>
                ) : null}
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <Button size="sm" variant="ghost" icon={<Pencil className="h-4 w-4" />} onClick={() => onEdit(p)} aria-label={T.edit(p.title)}>
                  {UI.edit}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  busy={enrichingId === p.id}
                  icon={<RefreshCw className="h-4 w-4" />}
                  onClick={() => onEnrich(p)}
                  aria-label={T.enrichOne(p.title)}
                >
                  {T.keepa}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
