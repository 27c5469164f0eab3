import type { AddressProblems } from '../../../shared/domain/address';
import { ADDRESS_EDIT_COUNTRIES, countryName } from '../../../shared/domain/countries';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import type { DeliveryAddressDraft } from '../../../shared/schemas/address';
import { Field, Input, Select } from '../../ui/Field';
import { ORDER_UI } from '../../../shared/i18n/orders';

/** The address a dialog edits; delivery_email only where the dialog offers it. */
export type AddressValues = Omit<DeliveryAddressDraft, 'delivery_email'> & Partial<Pick<DeliveryAddressDraft, 'delivery_email'>>;

/**
 * The delivery-address inputs of the address dialogs (order detail and the
 * packing station's DHL correction), for a two-column form grid. The country
 * list is the edit list, plus the current country if it is not on it.
 * With `withEmail` the optional e-mail sits beside the recipient.
 */
export function AddressFormFields(p: {
  value: AddressValues;
  errors: AddressProblems;
  onChange: (field: keyof AddressValues, value: string) => void;
  withEmail?: boolean;
  /** data-testid prefix: `${testIdPrefix}-street`, `-plz`, `-city`. */
  testIdPrefix: string;
}) {
  const { value: a, errors, testIdPrefix: t } = p;
  const set = (k: keyof AddressValues) => (e: { target: { value: string } }) => p.onChange(k, e.target.value);
  const options: string[] = (ADDRESS_EDIT_COUNTRIES as readonly string[]).includes(a.delivery_country)
    ? [...ADDRESS_EDIT_COUNTRIES]
    : [a.delivery_country, ...ADDRESS_EDIT_COUNTRIES];
  return (
    <>
      <Field label={FIELD_LABELS.delivery_name} required error={errors.delivery_name} className={p.withEmail ? undefined : 'sm:col-span-2'}>
        {(id) => <Input id={id} value={a.delivery_name} onChange={set('delivery_name')} />}
      </Field>
      {p.withEmail ? (
        <Field label={ORDER_UI.emailOptional} error={errors.delivery_email}>
          {(id) => <Input id={id} type="email" value={a.delivery_email ?? ''} onChange={set('delivery_email')} />}
        </Field>
      ) : null}
      <Field label={FIELD_LABELS.delivery_address} required error={errors.delivery_address} className="sm:col-span-2">
        {(id) => <Input id={id} value={a.delivery_address} onChange={set('delivery_address')} data-testid={`${t}-street`} />}
      </Field>
      <Field label={FIELD_LABELS.delivery_postal_code} required error={errors.delivery_postal_code}>
        {(id) => <Input id={id} value={a.delivery_postal_code} onChange={set('delivery_postal_code')} data-testid={`${t}-plz`} />}
      </Field>
      <Field label={FIELD_LABELS.delivery_city} required error={errors.delivery_city}>
        {(id) => <Input id={id} value={a.delivery_city} onChange={set('delivery_city')} data-testid={`${t}-city`} />}
      </Field>
      <Field label={FIELD_LABELS.delivery_country} required error={errors.delivery_country} className="sm:col-span-2">
        {(id) => (
          <Select id={id} value={a.delivery_country} onChange={set('delivery_country')}>
            {options.map((c) => (
              <option key={c} value={c}>
                {countryName(c)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
