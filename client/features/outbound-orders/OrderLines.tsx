import { Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { formatNumber } from '../../../shared/i18n/format';
import type { MyStockItem } from '../../../shared/schemas/inventory';
import { VE_TYPE_LABELS, type VeType } from '../../../shared/schemas/orders';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { availableFor, buildLine, type DraftItem, lineText, type NewLine, ORDER_FORM_TEXT, unitLabel, veUnitsOf } from './order-form';
import { ORDER_FORM_UI as T } from '../../../shared/i18n/orders';

/** The lines of the order form: the list of added articles and the panel that composes a new one. */

export const emptyLine = (): NewLine => ({ stock: null, mode: 'loose', ve_type: null, ve_count: 1, quantity: 1, notes: '' });

interface AddLinePanelProps {
  /** What the article list is called: the customer's own stock, or (staff) the order's customer's. */
  stockLabel: string;
  stock: MyStockItem[];
  items: DraftItem[];
  ownReserved: Map<number, number>;
  /** The line being composed lives in the dialog, so saving can refuse a chosen but not added article. */
  line: NewLine;
  setLine: (l: NewLine) => void;
  onAdd: (i: DraftItem) => void;
}

export function AddLinePanel({ stockLabel, stock, items, ownReserved, line, setLine, onAdd }: AddLinePanelProps) {
  const [error, setError] = useState<string | null>(null);
  const s = line.stock;
  const own = s ? (ownReserved.get(s.product_id) ?? 0) : 0;
  const avail = s ? availableFor(s, own) : null;
  const veUnits = s ? veUnitsOf(s) : [];

  const choose = (productId: string) => {
    const next = stock.find((x) => String(x.product_id) === productId) ?? null;
    const ve = next ? veUnitsOf(next) : [];
    setLine({ ...emptyLine(), stock: next, mode: ve.length > 0 ? 've' : 'loose', ve_type: ve[0]?.type ?? null });
    setError(null);
  };
  const add = () => {
    const r = buildLine(line, items, own);
    if ('error' in r) {
      setError(r.error);
      return;
    }
    onAdd(r.item);
    setLine(emptyLine());
    setError(null);
  };

  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="order-add-line">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={stockLabel} className="sm:col-span-2">
          {(id) => (
            <Select id={id} value={s ? String(s.product_id) : ''} onChange={(e) => choose(e.target.value)} data-testid="order-line-product">
              <option value="">{T.chooseArticle}</option>
              {stock.map((x) => (
                <option key={x.product_id} value={x.product_id}>
                  {T.articleOption(x.title, x.ean, formatNumber(availableFor(x, ownReserved.get(x.product_id) ?? 0).available), unitLabel(x.base_unit))}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {s && avail ? (
          <>
            <div className="text-sm text-slate-600 sm:col-span-2">
              {T.available} <strong>{formatNumber(avail.available)}</strong> {T.availableRest(unitLabel(s.base_unit), formatNumber(avail.reserved))}
              {veUnits.map((u) => (
                <span key={u.type}> {T.veShare(formatNumber(Math.floor(avail.available / u.pieces_per_unit)), VE_TYPE_LABELS[u.type], u.pieces_per_unit)}</span>
              ))}
            </div>
            <fieldset className="flex flex-wrap gap-4 sm:col-span-2">
              <legend className="sr-only">{T.orderMode}</legend>
              <label className={`flex min-h-10 items-center gap-2 text-sm ${veUnits.length === 0 ? 'opacity-50' : ''}`}>
                <input
                  type="radio"
                  name="order-line-mode"
                  className="h-4 w-4"
                  checked={line.mode === 've'}
                  disabled={veUnits.length === 0}
                  onChange={() => setLine({ ...line, mode: 've', ve_type: line.ve_type ?? veUnits[0]?.type ?? null })}
                />
                {T.modeVe}
              </label>
              <label className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="order-line-mode"
                  className="h-4 w-4"
                  checked={line.mode === 'loose'}
                  onChange={() => setLine({ ...line, mode: 'loose' })}
                />
                {T.modeLoose}
              </label>
            </fieldset>
            {line.mode === 've' ? (
              <>
                <Field label={T.veType}>
                  {(id) => (
                    <Select
                      id={id}
                      value={line.ve_type ?? ''}
                      onChange={(e) => setLine({ ...line, ve_type: e.target.value as VeType })}
                      data-testid="order-line-ve-type"
                    >
                      {veUnits.map((u) => (
                        <option key={u.type} value={u.type}>
                          {T.veOption(VE_TYPE_LABELS[u.type], u.pieces_per_unit)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label={T.veCount}>
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={1}
                      inputMode="numeric"
                      value={String(line.ve_count)}
                      onChange={(e) => setLine({ ...line, ve_count: Number.parseInt(e.target.value, 10) || 0 })}
                      data-testid="order-line-ve-count"
                    />
                  )}
                </Field>
              </>
            ) : (
              <>
                <Field label={T.quantityIn(unitLabel(s.base_unit))}>
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={1}
                      inputMode="numeric"
                      value={String(line.quantity)}
                      onChange={(e) => setLine({ ...line, quantity: Number.parseInt(e.target.value, 10) || 0 })}
                      data-testid="order-line-quantity"
                    />
                  )}
                </Field>
                {veUnits.length > 0 ? (
                  <div
                    className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 sm:col-span-2"
                    data-testid="order-line-loose-warning"
                  >
                    <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                    {ORDER_FORM_TEXT.looseWarning}
                  </div>
                ) : null}
              </>
            )}
            <Field label={T.itemNote} className="sm:col-span-2">
              {(id) => <Input id={id} value={line.notes} onChange={(e) => setLine({ ...line, notes: e.target.value })} />}
            </Field>
          </>
        ) : null}
      </div>
      {error ? (
        <p className="mt-2 text-sm text-red-600" role="alert" data-testid="order-line-error">
          {error}
        </p>
      ) : null}
      <div className="mt-3">
        <Button variant="secondary" icon={<Plus className="h-4 w-4" />} onClick={add} data-testid="order-line-add">
          {T.addItem}
        </Button>
      </div>
    </div>
  );
}

export function LineList({ items, onRemove }: { items: DraftItem[]; onRemove: (productId: number) => void }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">{T.noLines}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" data-testid="order-lines">
      {items.map((i) => (
        <li key={i.product_id} className="flex items-center gap-3 px-3 py-2 text-sm">
          <div className="min-w-0 flex-1">
            <div className="font-medium text-slate-900">{i.title}</div>
            <div className="text-xs text-slate-500">
              {T.ean(i.ean)}
              {i.notes ? ` · ${i.notes}` : ''}
            </div>
          </div>
          <div className="text-right whitespace-nowrap">
            {lineText({
              quantity: i.quantity,
              unit: i.base_unit,
              selected_ve_type: i.ve_type,
              selected_ve_quantity: i.ve_count,
              selected_ve_unit_size: i.ve_unit_size,
            })}
          </div>
          <Button variant="ghost" size="sm" aria-label={`${i.title} entfernen`} onClick={() => onRemove(i.product_id)} icon={<Trash2 className="h-4 w-4" />} />
        </li>
      ))}
    </ul>
  );
}
