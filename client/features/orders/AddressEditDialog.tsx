import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AddressField, addressProblems } from '../../../shared/domain/address';
import { ADDRESS_EDIT_COUNTRIES, countryName, DEFAULT_ORDER_COUNTRY_CODE, normalizeCountry } from '../../../shared/domain/countries';
import { OutboundOrder } from '../../../shared/schemas/orders';
import { apiPatch, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, Input, Select } from '../../ui/Field';
import { ErrorBox } from '../../ui/misc';
import type { AddressDraft } from './order-form';
import { ORDER_ERRORS } from './texts';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';

/** Staff correct the delivery address (spec §5: PLZ 5 digits in Germany, street with house number). */
export function AddressEditDialog({ order, onClose, onSaved }: { order: OutboundOrder; onClose: () => void; onSaved: (o: OutboundOrder) => void }) {
  const [a, setA] = useState<AddressDraft>({
    delivery_name: order.delivery_name,
    delivery_email: order.delivery_email ?? '',
    delivery_address: order.delivery_address,
    delivery_postal_code: order.delivery_postal_code,
    delivery_city: order.delivery_city,
    delivery_country: normalizeCountry(order.delivery_country) ?? DEFAULT_ORDER_COUNTRY_CODE,
  });
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiPatch(
        `/outbound-orders/${order.id}/delivery-address`,
        {
          ...a,
          delivery_email: a.delivery_email.trim() || null,
        },
        OutboundOrder,
      ),
    onSuccess: (o) => {
      toast.success('Adresse aktualisiert');
      onSaved(o);
    },
    onError: (e) => setFormError(errorMessage(e, ORDER_ERRORS.address)),
  });
  const set = (k: keyof AddressDraft) => (e: { target: { value: string } }) => setA({ ...a, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = addressProblems(a);
    setErrors(p);
    setFormError(null);
    if (Object.keys(p).length === 0) save.mutate();
  };
  const options: string[] = ADDRESS_EDIT_COUNTRIES.includes(a.delivery_country as (typeof ADDRESS_EDIT_COUNTRIES)[number])
    ? [...ADDRESS_EDIT_COUNTRIES]
    : [a.delivery_country, ...ADDRESS_EDIT_COUNTRIES];
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title="Lieferadresse bearbeiten"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {UI.cancel}
          </Button>
          <Button type="submit" form="address-form" busy={save.isPending} data-testid="address-save">
            {UI.save}
          </Button>
        </>
      }
    >
      <form id="address-form" onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
        <Field label={FIELD_LABELS.delivery_name} required error={errors.delivery_name}>
          {(id) => <Input id={id} value={a.delivery_name} onChange={set('delivery_name')} />}
        </Field>
        <Field label="E-Mail (optional)" error={errors.delivery_email}>
          {(id) => <Input id={id} type="email" value={a.delivery_email} onChange={set('delivery_email')} />}
        </Field>
        <Field label={FIELD_LABELS.delivery_address} required error={errors.delivery_address} className="sm:col-span-2">
          {(id) => <Input id={id} value={a.delivery_address} onChange={set('delivery_address')} data-testid="address-street" />}
        </Field>
        <Field label="PLZ" required error={errors.delivery_postal_code}>
          {(id) => <Input id={id} value={a.delivery_postal_code} onChange={set('delivery_postal_code')} data-testid="address-plz" />}
        </Field>
        <Field label="Ort" required error={errors.delivery_city}>
          {(id) => <Input id={id} value={a.delivery_city} onChange={set('delivery_city')} />}
        </Field>
        <Field label="Land" required error={errors.delivery_country} className="sm:col-span-2">
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
        {formError ? (
          <div className="sm:col-span-2">
            <ErrorBox>{formError}</ErrorBox>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
