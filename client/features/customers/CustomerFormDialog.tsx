import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { DEFAULT_CUSTOMER_COUNTRY } from '../../../shared/constants';
import { type CreateCustomerInput, Customer, type UpdateCustomerInput } from '../../../shared/schemas/customers';
import { apiPatch, apiPost, errorMessage } from '../../app/api';
import { toast } from '../../app/toast';
import { FormDialog } from '../../ui/Dialog';
import { Field, Input, Textarea } from '../../ui/Field';
import { customerKeys } from './api';
import { VALIDATION } from '../../../shared/i18n/validation';
import { UI } from '../../../shared/i18n/ui';
import { FIELD_LABELS } from '../../../shared/i18n/fields';
import { CUSTOMERS_UI } from '../../../shared/i18n/masterdata';

const TEXT_FIELDS = [
  'customer_number',
  'company_name',
  'contact_person',
  'email',
  'phone',
  'address_line1',
  'address_line2',
  'postal_code',
  'city',
  'country',
  'notes',
] as const;
type FormState = Record<(typeof TEXT_FIELDS)[number], string>;

function initial(c: Customer | null): FormState {
  const s = Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as FormState;
  if (!c) return { ...s, country: DEFAULT_CUSTOMER_COUNTRY };
  for (const k of TEXT_FIELDS) s[k] = c[k] ?? '';
  return s;
}

export function CustomerFormDialog({ open, onOpenChange, editing }: { open: boolean; onOpenChange: (o: boolean) => void; editing: Customer | null }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<FormState>(initial(null));
  const [nameError, setNameError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setForm(initial(editing));
    setNameError(null);
    setEmailError(null);
    setServerError(null);
  }, [open, editing]);

  const set = (k: keyof FormState, v: string) => setForm((f) => ({ ...f, [k]: v }));

  const save = useMutation({
    mutationFn: async (f: FormState) => {
      if (editing) {
        const body: UpdateCustomerInput = { ...f, customer_number: f.customer_number.trim() || editing.customer_number };
        return apiPatch(`/customers/${editing.id}`, body, Customer);
      }
      const body: CreateCustomerInput = f;
      return apiPost('/customers/', body, Customer);
    },
    onSuccess: async (c) => {
      toast.success(editing ? CUSTOMERS_UI.saved(c.company_name) : CUSTOMERS_UI.created(c.company_name, c.customer_number));
      await qc.invalidateQueries({ queryKey: customerKeys.customers });
      onOpenChange(false);
    },
    onError: (e) => setServerError(errorMessage(e, editing ? UI.saveError : UI.createError)),
  });

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const nameErr = form.company_name.trim() ? null : VALIDATION.companyNameRequired;
    const mailErr = form.email.trim() && !/^\S+@\S+\.\S+$/.test(form.email.trim()) ? VALIDATION.emailInvalid : null;
    setNameError(nameErr);
    setEmailError(mailErr);
    setServerError(null);
    if (!nameErr && !mailErr) save.mutate(form);
  };

  const text = (
    k: keyof FormState,
    label: string,
    extra: { required?: boolean; error?: string | null; type?: string; placeholder?: string; wide?: boolean } = {},
  ) => (
    <Field label={label} required={extra.required} error={extra.error} className={extra.wide ? 'sm:col-span-2' : ''}>
      {(id) => (
        <Input
          id={id}
          type={extra.type ?? 'text'}
          value={form[k]}
          placeholder={extra.placeholder}
          onChange={(e) => set(k, e.target.value)}
          aria-invalid={Boolean(extra.error)}
        />
      )}
    </Field>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? CUSTOMERS_UI.editTitle(editing.company_name) : CUSTOMERS_UI.newCustomer}
      formId="customer-form"
      editing={editing !== null}
      busy={save.isPending}
      serverError={serverError}
      onSubmit={submit}
    >
      {text('company_name', FIELD_LABELS.company_name, { required: true, error: nameError, wide: true })}
      {text('customer_number', FIELD_LABELS.customer_number, { placeholder: editing ? undefined : CUSTOMERS_UI.numberAssigned })}
      {text('contact_person', FIELD_LABELS.contact_person)}
      {text('email', FIELD_LABELS.email, { type: 'email', error: emailError })}
      {text('phone', FIELD_LABELS.phone, { type: 'tel' })}
      {text('address_line1', FIELD_LABELS.address_line1, { wide: true })}
      {text('address_line2', FIELD_LABELS.address_line2, { wide: true })}
      {text('postal_code', FIELD_LABELS.postal_code)}
      {text('city', FIELD_LABELS.city)}
      {text('country', FIELD_LABELS.country)}
      <Field label={FIELD_LABELS.notes} className="sm:col-span-2">
        {(id) => <Textarea id={id} value={form.notes} onChange={(e) => set('notes', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
