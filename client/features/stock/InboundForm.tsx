import { PackagePlus } from 'lucide-react';
import type { FormEvent } from 'react';
import type { WsCustomer } from '../../../shared/schemas/customers';
import type { WsLocation } from '../../../shared/schemas/locations';
import { CameraButton } from '../../scan/camera/CameraButton';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, Card, PageHeader } from '../../ui/misc';
import { BookingResult, type LastBooking } from './BookingResult';
import type { ResolvedProduct } from './product-lookup';
import { EanScanField } from './EanScanField';
import { QuantityNotesFields } from './QuantityStepper';
import type { StockScanField, StockScanRefs } from './scan-form';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

export type InboundErrors = Partial<Record<'ean' | 'customer' | 'qty' | 'shelf', string>>;

export interface InboundValues {
  ean: string;
  customerId: number | null;
  qty: string;
  notes: string;
  shelf: string;
}

export interface InboundFormProps {
  values: InboundValues;
  onChange: (patch: Partial<InboundValues>) => void;
  product: ResolvedProduct | null;
  /** The shelf the shelf field resolved to (its path is shown under the field). */
  shelfLoc: WsLocation | null;
  customers: readonly WsCustomer[];
  /** Places in the working set; 0: this device never synced. */
  places: number | undefined;
  errors: InboundErrors;
  last: LastBooking | null;
  busy: boolean;
  online: boolean;
  refs: StockScanRefs;
  scanField: StockScanField;
  onSubmit: () => void;
}

/** Display only: the Einlagern form (360 px first: one column, 48 px controls). */
export function InboundForm({
  values,
  onChange,
  product,
  shelfLoc,
  customers,
  places,
  errors,
  last,
  busy,
  online,
  refs,
  scanField,
  onSubmit,
}: InboundFormProps) {
  const T = texts(STOCK_TEXTS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.inboundTitle} subtitle={T.inboundSubtitle} />
      {places === 0 ? <p className="mb-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.workingSetEmpty}</p> : null}
      {last ? (
        <div className="mb-3">
          <BookingResult booking={last} />
        </div>
      ) : null}
      <Card className="p-4">
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <EanScanField
            prefix="inbound"
            value={values.ean}
            error={errors.ean}
            inputRef={refs.ean}
            scanField={scanField}
            onChange={(ean) => onChange({ ean })}
          />
          {product ? (
            <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="product-preview">
              {product.image_url ? (
                <img src={product.image_url} alt="" className="h-12 w-12 rounded object-cover" />
              ) : (
                <PackagePlus className="h-10 w-10 text-slate-400" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <div className="font-semibold text-slate-900">{product.title}</div>
                <div className="text-sm text-slate-600">{T.eanLine(product.ean)}</div>
              </div>
              {product.pending ? <Badge tone="amber">{T.newMarker(T.pendingMarker)}</Badge> : null}
            </div>
          ) : null}
          <Field label={T.customer} required error={errors.customer}>
            {(id) => (
              <Select
                id={id}
                big
                data-testid="inbound-customer"
                value={values.customerId ?? ''}
                aria-invalid={Boolean(errors.customer)}
                onChange={(e) => onChange({ customerId: Number(e.target.value) || null })}
              >
                <option value="">{T.chooseCustomer}</option>
                {customers.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.company_name} ({c.customer_number})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <QuantityNotesFields prefix="inbound" values={values} onChange={onChange} qtyError={errors.qty} refs={refs} />
          <Field label={T.location} required error={errors.shelf} hint={shelfLoc ? shelfLoc.path : T.locationHint}>
            {(id) => (
              <div className="relative">
                <Input
                  id={id}
                  ref={refs.shelf}
                  className="pr-12"
                  big
                  data-testid="inbound-shelf"
                  autoComplete="off"
                  placeholder={T.scanLocation}
                  value={values.shelf}
                  aria-invalid={Boolean(errors.shelf)}
                  onChange={(e) => onChange({ shelf: e.target.value })}
                  {...scanField('shelf')}
                />
                <CameraButton field="shelf" inputRef={refs.shelf} />
              </div>
            )}
          </Field>
          <Button type="submit" size="lg" busy={busy} data-testid="inbound-submit" className="w-full">
            {T.inbound}
          </Button>
          {!online ? <p className="text-center text-sm text-amber-800">{T.offlineQueued}</p> : null}
        </form>
      </Card>
    </div>
  );
}
