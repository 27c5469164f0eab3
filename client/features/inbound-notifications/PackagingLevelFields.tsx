import { Field, Input } from '../../ui/Field';
import { autoFillCartons, checkPackaging, digitsOnly, parseQuantity } from './receipt-logic';
import { RECEIPT_UI } from '../../../shared/i18n/inbound';
import { texts } from '../../../shared/i18n/translate';

export interface LevelState {
  per: string;
  count: string;
}

/** Display only: one packaging level (pieces per carton, carton count) checked against the received quantity. */
export function PackagingLevelFields({
  label,
  testId,
  value,
  received,
  onChange,
}: {
  label: string;
  testId: string;
  value: LevelState;
  received: number;
  onChange: (v: LevelState) => void;
}) {
  const per = parseQuantity(value.per);
  const count = parseQuantity(value.count);
  const check = checkPackaging(per, count, received);
  const T = texts(RECEIPT_UI);
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <Field label={T.perCarton}>
          {(id) => (
            <Input
              id={id}
              big
              inputMode="numeric"
              value={value.per}
              data-testid={`${testId}-per`}
              onChange={(e) => {
                const nextPer = digitsOnly(e.target.value);
                const auto = autoFillCartons(received, parseQuantity(nextPer));
                onChange({ per: nextPer, count: auto !== null ? String(auto) : value.count });
              }}
            />
          )}
        </Field>
        <Field label={T.cartons}>
          {(id) => (
            <Input
              id={id}
              big
              inputMode="numeric"
              value={value.count}
              data-testid={`${testId}-count`}
              onChange={(e) => onChange({ ...value, count: digitsOnly(e.target.value) })}
            />
          )}
        </Field>
      </div>
      {check ? (
        <div className="mt-2 text-sm text-amber-800" data-testid={`${testId}-warning`}>
          <div>{check.warning}</div>
          {check.remainder ? <div>{check.remainder}</div> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
