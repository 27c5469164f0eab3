import { CheckCheck } from 'lucide-react';
import { STOCKTAKE_COUNT_UI } from '../../../shared/i18n/stocktake-count';
import { texts } from '../../../shared/i18n/translate';
import type { WsCustomer } from '../../../shared/schemas/customers';
import type { WsStocktakePlace } from '../../../shared/schemas/stocktake';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, PageHeader } from '../../ui/misc';
import { EanScanField } from '../stock/EanScanField';
import { LastBookingBox, StepButtons, StepForm } from '../stock/ScanSteps';
import { ScannedBox, ScanTextField } from '../stock/StepFields';
import type { StepViewProps } from '../stock/useStepForm';
import type { CountingStocktake, LocalProduct, PlaceCount } from './count-device';
import { Choose, Counted, Current } from './StocktakeCountParts';

export type CountStep = 'place' | 'ean' | 'qty';
export type CountField = 'place' | 'ean' | 'qty' | 'batch' | 'customer';
export type CountValues = Record<CountField, string>;

export interface StocktakeCountViewProps extends StepViewProps<CountStep, CountField, CountStep> {
  /** The counting stocktakes on the device; undefined while loading. */
  stocktakes: CountingStocktake[] | undefined;
  stocktakeId: number | null;
  onChoose: (id: number | null) => void;
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
  onDone: () => void;
}

/** Display only: the place and article being counted. */
function Scanned({ place, product }: Pick<StocktakeCountViewProps, 'place' | 'product'>) {
  const T = texts(STOCKTAKE_COUNT_UI);
  if (!place) return null;
  return (
    <ScannedBox
      testPrefix="count"
      product={product}
      place={
        <>
          <span className="font-semibold" data-testid="count-place">
            {place.location_barcode}
          </span>
          <span className="min-w-0 flex-1" />
          {place.done ? <Badge tone="green">{T.placeDoneBadge}</Badge> : null}
        </>
      }
    />
  );
}

/** Display only: the quantity step (batch and customer when needed). */
function QtyFields(p: StocktakeCountViewProps) {
  const { values, onChange, errors, refs, batches, customers, counted } = p;
  const T = texts(STOCKTAKE_COUNT_UI);
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
  const current = stocktakes?.find((s) => s.id === stocktakeId);
  const T = texts(STOCKTAKE_COUNT_UI);
  const subtitle: Record<CountStep, string> = { place: T.stepPlace, ean: T.stepEan, qty: T.stepQty };
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.title} subtitle={stocktakeId ? subtitle[step] : T.stepChoose} />
      <LastBookingBox last={last} />
      {current ? <Current stocktake={current} /> : null}
      {stocktakes?.length === 0 ? <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.none}</p> : null}
      {!stocktakeId && stocktakes && several ? <Choose stocktakes={stocktakes} onChoose={onChoose} /> : null}
      {stocktakeId ? (
        <StepForm onSubmit={props.onSubmit}>
          <Scanned place={place} product={product} />
          {step === 'place' ? (
            <ScanTextField
              name="place"
              testId="count-place-input"
              label={T.placeLabel}
              placeholder={T.placePlaceholder}
              value={values.place}
              error={errors.place}
              inputRef={refs.place}
              scanField={scanField}
              onChange={(place) => onChange({ place })}
            />
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
          <StepButtons
            testPrefix="count"
            first={step === 'place'}
            last={step === 'qty'}
            busy={busy}
            backLabel={step === 'qty' ? T.back : T.otherPlace}
            nextLabel={T.next}
            submitLabel={T.book}
            onBack={props.onBack}
          />
          {step === 'ean' ? (
            <Button variant="secondary" size="lg" busy={busy} onClick={props.onDone} data-testid="count-done" icon={<CheckCheck className="h-5 w-5" />}>
              {T.done}
            </Button>
          ) : null}
        </StepForm>
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
