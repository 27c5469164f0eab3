import { ArrowLeft, ArrowRight, CheckCheck, ClipboardCheck, MapPin, Package } from 'lucide-react';
import type { RefObject } from 'react';
import { STOCKTAKE_COUNT_UI as T } from '../../../shared/i18n/stocktake-count';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import type { WsCustomer } from '../../../shared/schemas/customers';
import type { WsStocktakePlace } from '../../../shared/schemas/stocktake';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, Card, PageHeader } from '../../ui/misc';
import { BookingResult, type LastBooking } from '../stock/BookingResult';
import { EanScanField } from '../stock/EanScanField';
import type { CountingStocktake, LocalProduct, PlaceCount } from './count-device';

export type CountStep = 'place' | 'ean' | 'qty';
export type CountField = 'place' | 'ean' | 'qty' | 'batch' | 'customer';
export type CountErrors = Partial<Record<CountField, string>>;
export type CountValues = Record<CountField, string>;

export interface StocktakeCountViewProps {
  /** The counting stocktakes on the device; undefined while loading. */
  stocktakes: CountingStocktake[] | undefined;
  stocktakeId: number | null;
  onChoose: (id: number | null) => void;
  step: CountStep;
  values: CountValues;
  onChange: (patch: Partial<CountValues>) => void;
  place: WsStocktakePlace | null;
  /** What this person counted at the place (never an expected quantity). */
  counts: PlaceCount[];
  product: LocalProduct | null;
  /** This person's earlier count of the product (and batch) at the place, which a new count replaces. */
  counted: number | null;
  /** Batches of the product the device knows at the place: a batch field when there are any. */
  batches: string[];
  /** Non-null: several customers may own the product, the person chooses. */
  customers: WsCustomer[] | null;
  errors: CountErrors;
  last: LastBooking | null;
  busy: boolean;
  refs: Record<CountStep, RefObject<HTMLInputElement | null>>;
  scanField: (name: string) => { 'data-scan-field': string };
  onSubmit: () => void;
  onBack: () => void;
  onDone: () => void;
}

const SUBTITLE: Record<CountStep, string> = { place: T.stepPlace, ean: T.stepEan, qty: T.stepQty };

/** Display only: the counting stocktakes to choose from. */
function Choose({ stocktakes, onChoose }: { stocktakes: CountingStocktake[]; onChoose: (id: number) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{T.chooseHint}</legend>
      {stocktakes.map((s) => (
        <button
          key={s.id}
          type="button"
          onClick={() => onChoose(s.id)}
          data-testid={`count-stocktake-${s.number}`}
          className="flex min-h-14 items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-left hover:border-brand-500"
        >
          <ClipboardCheck className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-900">{s.number}</span>
            <span className="block truncate text-sm text-slate-600">{s.name}</span>
          </span>
          <span className="shrink-0 text-xs text-slate-600">{T.placesDone(s.done, s.places)}</span>
        </button>
      ))}
    </fieldset>
  );
}

/** Display only: the place and article being counted. */
function Scanned({ place, product }: Pick<StocktakeCountViewProps, 'place' | 'product'>) {
  if (!place) return null;
  return (
    <div className="flex flex-col gap-1 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="count-scanned">
      <span className="flex items-center gap-2">
        <MapPin className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <span className="font-semibold" data-testid="count-place">
          {place.location_barcode}
        </span>
        <span className="min-w-0 flex-1 truncate text-slate-500">{place.number}</span>
        {place.done ? <Badge tone="green">{T.placeDoneBadge}</Badge> : null}
      </span>
      {product ? (
        <span className="flex items-center gap-2">
          <Package className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="min-w-0 flex-1 font-semibold" data-testid="count-title">
            {product.title}
          </span>
          <span className="shrink-0 text-xs text-slate-500">{product.ean}</span>
        </span>
      ) : null}
    </div>
  );
}

/** Display only: what this person counted at the place so far. */
function Counted({ counts }: { counts: PlaceCount[] }) {
  return (
    <section className="mt-3" aria-label={T.countedHere} data-testid="count-list">
      <h2 className="mb-1 text-sm font-semibold text-slate-700">{T.countedHere}</h2>
      {counts.length === 0 ? <p className="text-sm text-slate-600">{T.nothingCounted}</p> : null}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
        {counts.map((c) => (
          <li key={`${c.ean}-${c.customer_id}-${c.batch_number}`} className="flex items-center gap-2 px-3 py-2 text-sm" data-testid="count-line">
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{c.title}</span>
              <span className="block text-xs text-slate-500">
                {c.ean}
                {c.batch_number ? ` · ${T.batchLabel} ${c.batch_number}` : ''}
              </span>
            </span>
            <span className="font-bold" data-testid="count-line-qty">
              {c.counted}
            </span>
            {c.pending ? <Badge tone="amber">{STOCK_TEXTS.local}</Badge> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Display only: the quantity step (batch and customer when needed). */
function QtyFields(p: StocktakeCountViewProps) {
  const { values, onChange, errors, refs, batches, customers, counted } = p;
  return (
    <>
      {counted !== null ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="count-replaces">
          {T.alreadyCounted(counted)}
        </p>
      ) : null}
      <Field label={T.qtyLabel} required error={errors.qty}>
        {(id) => (
          <Input
            id={id}
            ref={refs.qty}
            big
            type="number"
            inputMode="numeric"
            min={0}
            autoComplete="off"
            data-testid="count-qty"
            value={values.qty}
            aria-invalid={Boolean(errors.qty)}
            onChange={(e) => onChange({ qty: e.target.value })}
          />
        )}
      </Field>
      {batches.length > 0 ? (
        <Field label={T.batchLabel} error={errors.batch} hint={T.batchKnown(batches.join(', '))}>
          {(id) => (
            <Input id={id} big autoComplete="off" data-testid="count-batch" value={values.batch} onChange={(e) => onChange({ batch: e.target.value })} />
          )}
        </Field>
      ) : null}
      {customers ? (
        <Field label={T.customerLabel} required error={errors.customer}>
          {(id) => (
            <Select id={id} big data-testid="count-customer" value={values.customer} onChange={(e) => onChange({ customer: e.target.value })}>
              <option value="">{T.customerChoose}</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.company_name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </>
  );
}

/** Display only: "Inventur zählen", one step at a time (place, EAN, counted quantity), then "Platz fertig". */
export function StocktakeCountView(props: StocktakeCountViewProps) {
  const { stocktakes, stocktakeId, onChoose, step, values, onChange, place, counts, product, errors, last, busy, refs, scanField } = props;
  const several = (stocktakes?.length ?? 0) > 1;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.title} subtitle={stocktakeId ? SUBTITLE[step] : T.stepChoose} />
      {last ? (
        <div className="mb-3">
          <BookingResult booking={last} />
        </div>
      ) : null}
      {stocktakes?.length === 0 ? <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.none}</p> : null}
      {!stocktakeId && stocktakes && several ? <Choose stocktakes={stocktakes} onChoose={onChoose} /> : null}
      {stocktakeId ? (
        <Card className="p-4">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              props.onSubmit();
            }}
            className="flex flex-col gap-4"
            noValidate
          >
            <Scanned place={place} product={product} />
            {step === 'place' ? (
              <Field label={T.placeLabel} required error={errors.place}>
                {(id) => (
                  <Input
                    id={id}
                    ref={refs.place}
                    big
                    autoComplete="off"
                    data-testid="count-place-input"
                    placeholder={T.placePlaceholder}
                    value={values.place}
                    aria-invalid={Boolean(errors.place)}
                    onChange={(e) => onChange({ place: e.target.value })}
                    {...scanField('place')}
                  />
                )}
              </Field>
            ) : null}
            {step === 'ean' ? (
              <EanScanField
                prefix="count"
                value={values.ean}
                error={errors.ean}
                inputRef={refs.ean}
                scanField={scanField}
                onChange={(ean) => onChange({ ean })}
              />
            ) : null}
            {step === 'qty' ? <QtyFields {...props} /> : null}
            {step === 'place' ? null : <p className="text-xs text-slate-600">{T.replaceHint}</p>}
            <div className={step === 'place' ? '' : 'grid grid-cols-2 gap-2'}>
              {step === 'place' ? null : (
                <Button variant="secondary" size="lg" onClick={props.onBack} data-testid="count-back" icon={<ArrowLeft className="h-5 w-5" />}>
                  {step === 'qty' ? T.back : T.otherPlace}
                </Button>
              )}
              <Button
                type="submit"
                size="lg"
                className="w-full"
                busy={busy}
                data-testid="count-submit"
                icon={step === 'qty' ? undefined : <ArrowRight className="h-5 w-5" />}
              >
                {step === 'qty' ? T.book : T.next}
              </Button>
            </div>
            {step === 'ean' ? (
              <Button variant="secondary" size="lg" busy={busy} onClick={props.onDone} data-testid="count-done" icon={<CheckCheck className="h-5 w-5" />}>
                {T.done}
              </Button>
            ) : null}
          </form>
        </Card>
      ) : null}
      {stocktakeId && place ? <Counted counts={counts} /> : null}
      {stocktakeId && several ? (
        <Button variant="ghost" className="mt-3" onClick={() => onChoose(null)} data-testid="count-other-stocktake">
          {T.otherStocktake}
        </Button>
      ) : null}
    </div>
  );
}
