import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AddressProblems, addressProblems } from '../../../shared/domain/address';
import { DEFAULT_ORDER_COUNTRY_CODE, normalizeCountry } from '../../../shared/domain/countries';
import type { DeliveryAddressDraft } from '../../../shared/schemas/address';
import { OutboundOrder } from '../../../shared/schemas/orders';
import { apiPatch, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { Dialog, FormFooter } from '../../ui/Dialog';
import { ErrorBox } from '../../ui/misc';
import { AddressFormFields } from './AddressFormFields';
import { ORDER_ERRORS, ORDER_UI } from '../../../shared/i18n/orders';
import { addressDraftOf } from './order-form';

/** Staff correct the delivery address (spec §5: PLZ 5 digits in Germany, street with house number). */
export function AddressEditDialog({ order, onClose, onSaved }: { order: OutboundOrder; onClose: () => void; onSaved: (o: OutboundOrder) => void }) {
  const [a, setA] = useState<DeliveryAddressDraft>({
    ...addressDraftOf(order),
    delivery_country: normalizeCountry(order.delivery_country) ?? DEFAULT_ORDER_COUNTRY_CODE,
  });
  const [errors, setErrors] = useState<AddressProblems>({});
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
      toast.success(ORDER_UI.addressUpdated);
      onSaved(o);
    },
    onError: (e) => setFormError(errorMessage(e, ORDER_ERRORS.address)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = addressProblems(a);
    setErrors(p);
    setFormError(null);
    if (Object.keys(p).length === 0) save.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title={ORDER_UI.editAddressTitle}
      footer={<FormFooter form="address-form" busy={save.isPending} onCancel={onClose} submitTestId="address-save" />}
    >
      <form id="address-form" onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
        <AddressFormFields value={a} errors={errors} onChange={(k, v) => setA({ ...a, [k]: v })} withEmail testIdPrefix="address" />
        {formError ? (
          <div className="sm:col-span-2">
            <ErrorBox>{formError}</ErrorBox>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
