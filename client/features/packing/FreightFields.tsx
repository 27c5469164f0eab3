import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { CarrierType } from '../../../shared/constants';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { PALLET_PRESETS, type PalletDraft } from './freight-form';

/** Display only: parcel or freight (spec §2 "Packing station"). */
export function ShipTypeField(p: { value: CarrierType; onChange: (t: CarrierType) => void; disabled?: boolean }) {
  const T = texts(PACKING_UI);
  return (
    <Field label={T.shippingType}>
      {(id) => (
        <Select id={id} value={p.value} disabled={p.disabled} onChange={(e) => p.onChange(e.target.value as CarrierType)} data-testid="packing-ship-type">
          <option value="parcel">{T.parcel}</option>
          <option value="freight">{T.freight}</option>
        </Select>
      )}
    </Field>
  );
}

/** The pallet fields and the keys of their labels in PACKING_UI. */
const DIM_FIELDS = [
  ['length', 'lengthCm'],
  ['width', 'widthCm'],
  ['height', 'heightCm'],
  ['weight', 'weightKg'],
] as const;

/** Display only: length, width, height (cm) and weight (kg) of every pallet, with the two presets. */
export function PalletDimensionFields(p: { values: PalletDraft[]; error?: string; onChange: (values: PalletDraft[]) => void }) {
  const T = texts(PACKING_UI);
  const set = (i: number, patch: Partial<PalletDraft>) => p.onChange(p.values.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <div className="flex flex-col gap-3 sm:col-span-2" data-testid="packing-pallet-dims">
      {p.values.map((v, i) => {
        const no = i + 1;
        return (
          <fieldset key={no} className="rounded-md border border-slate-200 p-3" data-testid={`packing-pallet-${no}`}>
            <legend className="px-1 text-sm font-semibold text-slate-800">{T.palletHeading(no)}</legend>
            <div className="mb-2 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => set(i, PALLET_PRESETS.half)} data-testid={`packing-pallet-${no}-half`}>
                {T.halfPallet}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => set(i, PALLET_PRESETS.full)} data-testid={`packing-pallet-${no}-full`}>
                {T.fullPallet}
              </Button>
            </div>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {DIM_FIELDS.map(([key, label]) => (
                <Field key={key} label={T[label]} required>
                  {(id) => (
                    <Input
                      id={id}
                      inputMode="decimal"
                      autoComplete="off"
                      value={v[key]}
                      onChange={(e) => set(i, { [key]: e.target.value })}
                      data-testid={`packing-pallet-${no}-${key}`}
                    />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>
        );
      })}
      {p.error ? (
        <p className="text-sm text-red-600" role="alert" data-testid="packing-pallet-dims-error">
          {p.error}
        </p>
      ) : null}
    </div>
  );
}
