import { ChevronDown, PackagePlus } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { palletLoad } from '../../../shared/domain/pallet-load';
import { WAVE_UI } from '../../../shared/i18n/wave-builder';
import { errorMessage } from '../../app/api';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { ErrorBox, Spinner } from '../../ui/misc';
import { AvailableOrderList, FilterPanel } from './ManualParts';
import { SelectionLoad } from './SelectionLoad';
import { useAvailableOrders, useCreateWave, useReloadAvailableOrders } from './useWaves';
import { EMPTY_FILTERS, FILTER_RESET_RELOAD_MS, type OrderFilters, selectionError, toggleSelection } from './wave-logic';

/**
 * "Manuell erstellen" (collapsible): loads the free orders for the applied
 * filters; FilterPanel and AvailableOrderList only show. 1–4 ticked orders
 * and an optional name become a wave with creation_method manual. The
 * selection's pallet load shows before creating; over capacity the button
 * is off (the server would refuse with the same words).
 */
export function ManualCreation({ onOpenOrder, onCreated }: { onOpenOrder: (id: number) => void; onCreated: () => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<OrderFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<OrderFilters>(EMPTY_FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const orders = useAvailableOrders(applied, open);
  const reload = useReloadAvailableOrders();
  const create = useCreateWave();
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const load = useMemo(() => {
    const picked = (orders.data?.orders ?? []).filter((o) => selected.includes(o.id));
    return picked.length > 0 ? palletLoad(picked) : null;
  }, [orders.data, selected]);
  useEffect(() => () => clearTimeout(resetTimer.current ?? undefined), []);

  const apply = () => {
    setApplied(draft);
    setSelected([]);
    setError(null);
  };
  // Spec §2: reset clears the fields at once and reloads the list after 100 ms.
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setSelected([]);
    setError(null);
    clearTimeout(resetTimer.current ?? undefined);
    resetTimer.current = setTimeout(() => {
      setApplied(EMPTY_FILTERS);
      reload();
    }, FILTER_RESET_RELOAD_MS);
  };
  const toggle = (id: number) => {
    const r = toggleSelection(selected, id);
    setSelected(r.selected);
    setError(r.error);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = selectionError(selected.length);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    create.mutate(
      { order_ids: selected, name, creation_method: 'manual' },
      {
        onSuccess: () => {
          setSelected([]);
          setName('');
          onCreated();
        },
        onError: (err) => {
          setError(errorMessage(err, WAVE_UI.createError));
          // The refusal may come from data newer than the list (a product got heavier, an order was taken): show the server's state.
          reload();
        },
      },
    );
  };

  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="wave-manual">
      <h2>
        <button
          type="button"
          className="flex min-h-14 w-full items-center justify-between gap-3 px-4 py-2 text-left"
          aria-expanded={open}
          aria-controls="wave-manual-body"
          onClick={() => setOpen(!open)}
          data-testid="manual-toggle"
        >
          <span>
            <span className="block text-lg font-semibold text-slate-900">{WAVE_UI.manualTitle}</span>
            <span className="block text-sm font-normal text-slate-600">{WAVE_UI.manualHint}</span>
          </span>
          <ChevronDown className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
        </button>
      </h2>
      {open ? (
        <div id="wave-manual-body" className="flex flex-col gap-4 border-t border-slate-200 p-4">
          <FilterPanel value={draft} onChange={setDraft} onApply={apply} onReset={reset} />
          {orders.isLoading ? <Spinner /> : null}
          {orders.error ? <ErrorBox>{errorMessage(orders.error, WAVE_UI.ordersError)}</ErrorBox> : null}
          {orders.data ? <AvailableOrderList orders={orders.data.orders} selected={selected} onToggle={toggle} onOpenOrder={onOpenOrder} /> : null}
          {load ? <SelectionLoad load={load} id="manual-load" /> : null}
          <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
            <Field label={WAVE_UI.waveName} hint={WAVE_UI.waveNameHint} className="flex-1">
              {(id) => <Input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoComplete="off" data-testid="manual-name" />}
            </Field>
            <div className="flex flex-col gap-1 sm:items-end">
              <span className="text-sm text-slate-600 tabular-nums" data-testid="manual-count">
                {WAVE_UI.selected(selected.length)}
              </span>
              <Button
                type="submit"
                size="lg"
                busy={create.isPending}
                disabled={Boolean(load?.problem)}
                aria-describedby={load?.problem ? 'manual-load' : undefined}
                icon={<PackagePlus className="h-5 w-5" />}
                data-testid="manual-create"
              >
                {WAVE_UI.createManual}
              </Button>
            </div>
          </form>
          {error ? (
            <p className="text-sm font-medium text-red-700" role="alert" data-testid="manual-error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
