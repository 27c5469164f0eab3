import { type FormEvent, useState } from 'react';
import { type AddressProblems, addressProblems } from '../../../shared/domain/address';
import { DEFAULT_ORDER_COUNTRY_CODE, normalizeCountry } from '../../../shared/domain/countries';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import { errorMessage } from '../../app/api';
import { Dialog, FormFooter } from '../../ui/Dialog';
import { ErrorBox } from '../../ui/misc';
import { AddressFormFields } from '../outbound-orders/AddressFormFields';
import { AddressBox } from './AddressBox';
import { type PackingAddress, patchDeliveryAddress } from './packing-api';
import type { AddressFields, useShipping } from './useShipping';

/**
 * Spec §8: DHL refused the delivery address. Shows the current address and
 * DHL's message; saving patches the order's address (without
 * delivery_email, which stays as it is) and hands it back for the retry.
 */
export function AddressCorrectionDialog(p: {
  orderId: number;
  address: AddressFields;
  message: string;
  onClose: () => void;
  onSaved: (a: PackingAddress) => void;
}) {
  const T = texts(PACKING_UI);
  const [a, setA] = useState<PackingAddress>(() => {
    // delivery_email is not sent: the PATCH then leaves it as it is.
    const { delivery_email: _kept, ...rest } = p.address;
    return { ...rest, delivery_country: normalizeCountry(rest.delivery_country) ?? DEFAULT_ORDER_COUNTRY_CODE };
  });
  const [errors, setErrors] = useState<AddressProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = addressProblems(a);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await patchDeliveryAddress(p.orderId, a);
      p.onSaved(a);
    } catch (err) {
      setFormError(errorMessage(err, T.addressUpdateError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : p.onClose())}
      title={T.addressCorrectionTitle}
      description={T.addressCorrectionHint}
      footer={
        <FormFooter
          form="packing-address-form"
          busy={busy}
          onCancel={p.onClose}
          cancelDisabled={busy}
          submitLabel={T.saveAndRetry}
          submitTestId="packing-address-save"
        />
      }
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="packing-address-dhl-message">
          <p className="font-semibold">{T.dhlMessage}</p>
          <p>{p.message}</p>
        </div>
        <AddressBox title={T.currentAddress} address={p.address} testId="packing-address-current" />
      </div>
      <form id="packing-address-form" onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
        <AddressFormFields value={a} errors={errors} onChange={(k, v) => setA({ ...a, [k]: v })} testIdPrefix="packing-address" />
        {formError ? (
          <div className="sm:col-span-2">
            <ErrorBox>{formError}</ErrorBox>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

/** The correction dialog of a shipping step while DHL's refusal of the address waits for an answer (useShipping's state). */
export function ShippingCorrection(p: { orderId: number; shipping: ReturnType<typeof useShipping> }) {
  const s = p.shipping;
  if (s.correction === null) return null;
  return <AddressCorrectionDialog orderId={p.orderId} address={s.address} message={s.correction} onClose={s.closeCorrection} onSaved={s.addressSaved} />;
}
