import { ArrowLeft, MapPin } from 'lucide-react';

import { formatNumber } from '../../../shared/i18n/format';
import { CameraButton } from '../../scan/camera/CameraButton';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Badge, Card, PageHeader, Spinner } from '../../ui/misc';
import { BookingResult, type LastBooking } from './BookingResult';
import type { LocalProduct, LocationAvailability } from './device';
import { EanScanField } from './EanScanField';
import { QuantityNotesFields } from './QuantityStepper';
import type { StockScanField, StockScanRefs } from './scan-form';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

export type OutboundStep = 'lookup' | 'pick';
export type OutboundErrors = Partial<Record<'shelf' | 'qty', string>>;

export interface OutboundValues {
  ean: string;
  shelf: string;
  qty: string;
  notes: string;
}

/** Display only: the lookup result (title, EAN, total, places with available quantity). */
export function OutboundLookupView({
  product,
  places,
  onPickPlace,
}: {
  product: LocalProduct;
  places: LocationAvailability[];
  onPickPlace?: (barcode: string) => void;
}) {
  const T = texts(STOCK_TEXTS);
  const total = places.reduce((s, p) => s + p.available, 0);
  return (
    <div className="flex flex-col gap-3" data-testid="outbound-lookup">
      <div>
        <div className="text-lg font-semibold text-slate-900" data-testid="outbound-title">
          {product.title}
        </div>
        <div className="text-sm text-slate-600">{T.eanLine(product.ean)}</div>
        <div className="mt-1 text-sm">
          {T.totalAvailable}{' '}
          <span className="font-bold" data-testid="outbound-total">
            {T.pieces(formatNumber(total))}
          </span>
        </div>
      </div>
      {places.length === 0 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{T.noStock}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={T.placesWithStock}>
          {places.map((p) => (
            <li key={p.location.id}>
              <button
                type="button"
                onClick={() => onPickPlace?.(p.location.barcode)}
                data-testid={`outbound-place-${p.location.barcode}`}
                className="flex min-h-12 w-full items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-left hover:bg-slate-50"
              >
                <MapPin className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{p.location.barcode}</span>
                  <span className="block truncate text-xs text-slate-500">{p.location.path}</span>
                  {p.location.is_blocked ? (
                    <span className="mt-0.5 block text-xs font-semibold text-red-700" data-testid="place-blocked">
                      {T.blockedPlace(formatNumber(p.blocked))}
                    </span>
                  ) : null}
                </span>
                <span className="text-right">
                  <span className="block font-bold" data-testid="place-available">
                    {formatNumber(p.available)}
                  </span>
                  <span className="block text-xs text-slate-500">{T.available}</span>
                </span>
                {p.pending ? <Badge tone="amber">{T.local}</Badge> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface OutboundViewProps {
  step: OutboundStep;
  values: OutboundValues;
  onChange: (patch: Partial<OutboundValues>) => void;
  product: LocalProduct | null;
  /** undefined: still loading. */
  availability: LocationAvailability[] | undefined;
  lookupError: string | null;
  errors: OutboundErrors;
  /** Places in the working set; 0: this device never synced. */
  workingSet: number | undefined;
  last: LastBooking | null;
  busy: boolean;
  refs: StockScanRefs;
  scanField: StockScanField;
  onLookup: (code: string) => void;
  onPick: () => void;
  onPickPlace: (barcode: string) => void;
  onBack: () => void;
}

/** Display only: Auslagern, step 1 (EAN) or step 2 (lookup result and the pick form). */
export function OutboundView({
  step,
  values,
  onChange,
  product,
  availability,
  lookupError,
  errors,
  workingSet,
  last,
  busy,
  refs,
  scanField,
  onLookup,
  onPick,
  onPickPlace,
  onBack,
}: OutboundViewProps) {
  const T = texts(STOCK_TEXTS);
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.outboundTitle} subtitle={step === 'lookup' ? T.outboundStepLookup : T.outboundStepPick} />
      {workingSet === 0 ? <p className="mb-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.workingSetEmpty}</p> : null}
      {last ? (
        <div className="mb-3">
          <BookingResult booking={last} />
        </div>
      ) : null}
      {step === 'lookup' ? (
        <Card className="p-4">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onLookup(values.ean.trim());
            }}
            className="flex flex-col gap-4"
            noValidate
          >
            <EanScanField
              prefix="outbound"
              value={values.ean}
              error={lookupError}
              inputRef={refs.ean}
              scanField={scanField}
              onChange={(ean) => onChange({ ean })}
            />
            <Button type="submit" size="lg" className="w-full" data-testid="outbound-lookup-submit">
              {T.search}
            </Button>
          </form>
        </Card>
      ) : product && !availability ? (
        <Spinner />
      ) : product && availability ? (
        <Card className="flex flex-col gap-4 p-4">
          <OutboundLookupView product={product} places={availability} onPickPlace={onPickPlace} />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onPick();
            }}
            className="flex flex-col gap-4 border-t border-slate-200 pt-4"
            noValidate
          >
            <Field label={T.location} required error={errors.shelf}>
              {(id) => (
                <div className="relative">
                  <Input
                    id={id}
                    ref={refs.shelf}
                    className="pr-12"
                    big
                    autoComplete="off"
                    data-testid="outbound-shelf"
                    placeholder={T.scanLocation}
                    value={values.shelf}
                    onChange={(e) => onChange({ shelf: e.target.value })}
                    {...scanField('shelf')}
                  />
                  <CameraButton field="shelf" inputRef={refs.shelf} />
                </div>
              )}
            </Field>
            <QuantityNotesFields prefix="outbound" values={values} onChange={onChange} qtyError={errors.qty} refs={refs} />
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" size="lg" onClick={onBack} data-testid="outbound-back" icon={<ArrowLeft className="h-5 w-5" />}>
                {T.back}
              </Button>
              <Button type="submit" size="lg" busy={busy} data-testid="outbound-submit">
                {T.outbound}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
    </div>
  );
}
