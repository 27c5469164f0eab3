import { type FormEvent, useState } from 'react';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { PALLET_UI } from '../../../shared/i18n/pallets';
import { VALIDATION } from '../../../shared/i18n/validation';
import { errorMessage } from '../../app/api';
import { Dialog, FormFooter } from '../../ui/Dialog';
import { Field, Input } from '../../ui/Field';
import { useRegisterPallet } from './usePallets';

/** Register dialog: barcode required, name optional, both trimmed (spec §5). */
export function RegisterPalletDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [barcode, setBarcode] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setBarcode('');
    setName('');
    setError(null);
    onClose();
  };
  const register = useRegisterPallet(close);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = barcode.trim();
    if (!code) {
      setError(VALIDATION.barcodeRequired);
      return;
    }
    setError(null);
    register.mutate({ barcode: code, name: name.trim() }, { onError: (err) => setError(errorMessage(err, PALLET_UI.registerError)) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={PALLET_UI.register}
      footer={<FormFooter form="register-pallet" busy={register.isPending} onCancel={close} submitLabel={PALLET_UI.register} />}
    >
      <form id="register-pallet" className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field label={FIELD_LABELS.barcode} required error={error} hint={PALLET_UI.registerHint}>
          {(id) => (
            <Input id={id} value={barcode} onChange={(e) => setBarcode(e.target.value)} autoFocus autoComplete="off" aria-invalid={error ? true : undefined} />
          )}
        </Field>
        <Field label={FIELD_LABELS.name} hint={PALLET_UI.nameHint}>
          {(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
      </form>
    </Dialog>
  );
}
