import { ArrowLeft, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { PageHeader } from '../../ui/misc';

/** Parts the packing station's steps share (display only). */

/** The back button under a step. */
export function PackingBackButton(p: { onBack: () => void; busy: boolean }) {
  const T = texts(PACKING_UI);
  return (
    <Button size="lg" variant="secondary" onClick={p.onBack} disabled={p.busy} icon={<ArrowLeft className="h-5 w-5" />} data-testid="packing-back">
      {T.back}
    </Button>
  );
}

/** The title of a shipping step (order, pallet) and, offline, the note that shipping needs the network. */
export function ShipStepHeader(p: { orderNumber: string; palletBarcode: string | null; online: boolean }) {
  const T = texts(PACKING_UI);
  return (
    <>
      <PageHeader title={`${T.shipping} · ${p.orderNumber}`} subtitle={p.palletBarcode ? `${T.pallet} ${p.palletBarcode}` : undefined} />
      {!p.online ? (
        <p className="flex items-center gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900" data-testid="packing-offline">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
          {T.offline}
        </p>
      ) : null}
    </>
  );
}

/** A shipping form in two columns; its submit button may stand outside it (form={id}). */
export function ShipForm(p: { id: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      id={p.id}
      noValidate
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}
    >
      {p.children}
    </form>
  );
}

/** A carrier chosen from a fixed list. */
export function CarrierSelect(p: {
  label: string;
  carriers: readonly string[];
  value: string;
  error?: string;
  hint?: string;
  onChange: (carrier: string) => void;
  testId: string;
}) {
  return (
    <Field label={p.label} required error={p.error} hint={p.hint}>
      {(id) => (
        <Select id={id} value={p.value} onChange={(e) => p.onChange(e.target.value)} data-testid={p.testId}>
          {p.carriers.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A number of packages or pallets (whole, from 1). */
export function CountField(p: { label: string; value: string; max?: number; error?: string; onChange: (value: string) => void; testId: string }) {
  return (
    <Field label={p.label} required error={p.error}>
      {(id) => <Input id={id} type="number" min={1} max={p.max} step={1} value={p.value} onChange={(e) => p.onChange(e.target.value)} data-testid={p.testId} />}
    </Field>
  );
}
