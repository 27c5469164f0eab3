import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { Field, Input } from '../../ui/Field';

/** One entry per package, numbered from 1 (the field's stable key). */
const numbered = (values: string[]) => values.map((value, i) => ({ no: i + 1, value }));
const replaced = (values: string[], no: number, v: string) => values.map((x, j) => (j === no - 1 ? v : x));

/** Display only: one tracking-number input per package (manual carriers). */
export function TrackingFields(p: {
  values: string[];
  error?: string;
  onChange: (values: string[]) => void;
  testId: string;
  /** Freight: "Palette n", only the first one required. */
  label?: (n: number) => string;
  hint?: string;
  firstOnlyRequired?: boolean;
}) {
  const T = texts(PACKING_UI);
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" data-testid={p.testId}>
      {numbered(p.values).map(({ no, value }) => (
        <Field
          key={no}
          label={(p.label ?? T.trackingNumber)(no)}
          required={!p.firstOnlyRequired || no === 1}
          hint={no === 1 ? (p.hint ?? T.trackingHint) : undefined}
          error={no === 1 ? p.error : undefined}
        >
          {(id) => (
            <Input
              id={id}
              autoComplete="off"
              className="font-mono"
              value={value}
              onChange={(e) => p.onChange(replaced(p.values, no, e.target.value))}
              data-testid={`${p.testId}-${no}`}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/** Display only: one weight input (kg) per package (DHL with more than one package). */
export function WeightFields(p: { values: string[]; error?: string; onChange: (values: string[]) => void; testId: string }) {
  const T = texts(PACKING_UI);
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" data-testid={p.testId}>
      {numbered(p.values).map(({ no, value }) => (
        <Field key={no} label={T.weightPerPackage(no)} required error={no === 1 ? p.error : undefined}>
          {(id) => (
            <Input
              id={id}
              inputMode="decimal"
              autoComplete="off"
              value={value}
              onChange={(e) => p.onChange(replaced(p.values, no, e.target.value))}
              data-testid={`${p.testId}-${no}`}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}
