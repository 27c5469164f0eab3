import { Minus, Plus } from 'lucide-react';
import { forwardRef, type RefObject } from 'react';
import { Field, Input } from '../../ui/Field';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

const STEP_BUTTON =
  'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 active:bg-slate-100';

/** Quantity with large − / + buttons (48 px touch targets); the value stays a string so a stray scan can be stripped. */
export const QuantityStepper = forwardRef<HTMLInputElement, { id: string; value: string; onChange: (v: string) => void; invalid?: boolean; testId: string }>(
  function QuantityStepper({ id, value, onChange, invalid, testId }, ref) {
    const T = texts(STOCK_TEXTS);
    const step = (d: number) => onChange(String(Math.max(1, (Number(value) || 0) + d)));
    return (
      <div className="flex items-center gap-2">
        <button type="button" className={STEP_BUTTON} aria-label={T.decrease} onClick={() => step(-1)}>
          <Minus className="h-5 w-5" aria-hidden />
        </button>
        <Input
          id={id}
          ref={ref}
          big
          className="text-center"
          inputMode="numeric"
          autoComplete="off"
          data-testid={testId}
          value={value}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className={STEP_BUTTON} aria-label={T.increase} onClick={() => step(1)}>
          <Plus className="h-5 w-5" aria-hidden />
        </button>
      </div>
    );
  },
);

/** "Menge" with the stepper, as every scan screen asks it (test id `<prefix>-qty`). */
export function QuantityField(p: {
  prefix: string;
  value: string;
  onChange: (qty: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <Field label={texts(STOCK_TEXTS).quantity} required error={p.error}>
      {(id) => <QuantityStepper id={id} ref={p.inputRef} value={p.value} onChange={p.onChange} invalid={Boolean(p.error)} testId={`${p.prefix}-qty`} />}
    </Field>
  );
}

/** Menge and Notizen, as Einlagern and Auslagern both ask them (test ids `<prefix>-qty`, `<prefix>-notes`). */
export function QuantityNotesFields({
  prefix,
  values,
  onChange,
  qtyError,
  refs,
}: {
  prefix: string;
  values: { qty: string; notes: string };
  onChange: (patch: { qty?: string; notes?: string }) => void;
  qtyError: string | undefined;
  refs: { qty: RefObject<HTMLInputElement | null>; notes: RefObject<HTMLInputElement | null> };
}) {
  return (
    <>
      <QuantityField prefix={prefix} value={values.qty} onChange={(qty) => onChange({ qty })} error={qtyError} inputRef={refs.qty} />
      <Field label={texts(STOCK_TEXTS).notes}>
        {(id) => (
          <Input id={id} ref={refs.notes} big data-testid={`${prefix}-notes`} value={values.notes} onChange={(e) => onChange({ notes: e.target.value })} />
        )}
      </Field>
    </>
  );
}
