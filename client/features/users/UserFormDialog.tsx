import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/domain/roles';
import { User } from '../../../shared/schemas/auth';
import type { Customer } from '../../../shared/schemas/customers';
import type { CreateUserInput, UpdateUserInput } from '../../../shared/schemas/users';
import { apiPost, apiPut, errorMessage } from '../../app/api';
import { demoLoginsKey } from '../../app/DemoLoginsBanner';
import { toast } from '../../app/toast';
import { FormDialog } from '../../ui/Dialog';
import { Field, Input, Select } from '../../ui/Field';
import { keys } from './api';
import { PasswordField } from './PasswordField';
import { WorkAreaField } from './WorkAreaField';
import { VALIDATION } from '../../../shared/i18n/validation';
import { UI } from '../../../shared/i18n/ui';
import { USER_FORM_UI as T } from '../../../shared/i18n/users';

interface FormState {
  username: string;
  email: string;
  full_name: string;
  role: Role;
  customer_id: string;
  password: string;
  is_admin: boolean;
  /** Arbeitsbereich: rooms whose places the handheld holds; empty = the whole warehouse. */
  work_room_ids: number[];
}

const EMPTY: FormState = {
  username: '',
  email: '',
  full_name: '',
  role: 'warehouse_worker',
  customer_id: '',
  password: '',
  is_admin: false,
  work_room_ids: [],
};

function fromUser(u: User): FormState {
  return {
    username: u.username,
    email: u.email ?? '',
    full_name: u.full_name ?? '',
    role: u.role,
    customer_id: u.customer_id ? String(u.customer_id) : '',
    password: '',
    is_admin: u.is_admin && u.role !== 'admin',
    work_room_ids: [...u.work_room_ids],
  };
}

type Errors = Partial<Record<keyof FormState, string>>;

/** The client-side half of part 1 §5; the server checks the same rules again. */
export function validateUserForm(f: FormState, editing: User | null): Errors {
  const e: Errors = {};
  if (!f.username.trim()) e.username = VALIDATION.usernameRequired;
  if (f.email.trim() && !/^\S+@\S+\.\S+$/.test(f.email.trim())) e.email = VALIDATION.emailInvalid;
  if (f.role === 'customer_user' && !f.customer_id) e.customer_id = VALIDATION.customerForCustomerUser;
  const needsPassword = f.role === 'customer_user' && !(editing?.has_password ?? false);
  if (needsPassword && !f.password) e.password = VALIDATION.passwordRequired;
  if (f.password && f.password.length < PASSWORD_MIN_LENGTH) e.password = VALIDATION.passwordTooShort;
  return e;
}

export function UserFormDialog({
  open,
  onOpenChange,
  editing,
  customers,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: create a new user. */
  editing: User | null;
  customers: Customer[];
}) {
  const qc = useQueryClient();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [showPw, setShowPw] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setForm(editing ? fromUser(editing) : EMPTY);
    setErrors({});
    setServerError(null);
    setShowPw(false);
  }, [open, editing]);

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    // A changed role changes which fields are required, so old messages would mislead.
    setErrors((e) => (k === 'role' ? {} : { ...e, [k]: undefined }));
  };

  const save = useMutation({
    mutationFn: async (f: FormState) => {
      const customerId = f.role === 'customer_user' && f.customer_id ? Number(f.customer_id) : null;
      const isAdmin = f.role === 'admin' || (f.role !== 'customer_user' && f.is_admin);
      // A customer user has no Arbeitsbereich (the server clears it).
      const workRoomIds = f.role === 'customer_user' ? [] : f.work_room_ids;
      if (editing) {
        const body: UpdateUserInput = {
          username: editing.username,
          email: f.email.trim() || null,
          full_name: f.full_name,
          role: f.role,
          customer_id: customerId,
          is_admin: isAdmin,
          password: f.password || null,
          work_room_ids: workRoomIds,
        };
        return apiPut(`/auth/users/${editing.id}`, body, User);
      }
      const body: CreateUserInput = {
        username: f.username.trim(),
        email: f.email.trim() || null,
        full_name: f.full_name,
        password: f.password || null,
        is_admin: isAdmin,
        role: f.role,
        customer_id: customerId,
        work_room_ids: workRoomIds,
      };
      return apiPost('/auth/register', body, User);
    },
    onSuccess: async (u) => {
      toast.success(editing ? T.saved(u.username) : T.created(u.username));
      await Promise.all([
        qc.invalidateQueries({ queryKey: keys.users }),
        qc.invalidateQueries({ queryKey: keys.accessUsers }),
        qc.invalidateQueries({ queryKey: demoLoginsKey }),
      ]);
      onOpenChange(false);
    },
    onError: (e) => setServerError(errorMessage(e, editing ? UI.saveError : UI.createUserError)),
  });

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const e = validateUserForm(form, editing);
    setErrors(e);
    setServerError(null);
    if (Object.keys(e).length === 0) save.mutate(form);
  };

  const selectable = customers.filter((c) => c.is_active || String(c.id) === form.customer_id);
  const passwordHint = editing ? T.passwordKeep : form.role === 'customer_user' ? T.passwordForCustomerUser : T.passwordQrOnly;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? T.editTitle(editing.username) : T.newUser}
      formId="user-form"
      editing={editing !== null}
      busy={save.isPending}
      serverError={serverError}
      onSubmit={submit}
    >
      <Field label={T.username} required error={errors.username} hint={editing ? T.usernameFixed : undefined}>
        {(id) => (
          <Input
            id={id}
            value={form.username}
            disabled={editing !== null}
            autoComplete="off"
            onChange={(e) => set('username', e.target.value)}
            aria-invalid={Boolean(errors.username)}
          />
        )}
      </Field>
      <Field label={T.email} error={errors.email}>
        {(id) => (
          <Input
            id={id}
            type="email"
            value={form.email}
            autoComplete="off"
            onChange={(e) => set('email', e.target.value)}
            aria-invalid={Boolean(errors.email)}
          />
        )}
      </Field>
      <Field label={T.fullName}>{(id) => <Input id={id} value={form.full_name} onChange={(e) => set('full_name', e.target.value)} />}</Field>
      <Field label={T.role} required>
        {(id) => (
          <Select id={id} value={form.role} onChange={(e) => set('role', e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {form.role === 'customer_user' ? (
        <Field label={T.customer} required error={errors.customer_id} className="sm:col-span-2">
          {(id) => (
            <Select id={id} value={form.customer_id} onChange={(e) => set('customer_id', e.target.value)} aria-invalid={Boolean(errors.customer_id)}>
              <option value="">{T.chooseCustomer}</option>
              {selectable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.company_name} ({c.customer_number})
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <PasswordField
        value={form.password}
        onChange={(v) => set('password', v)}
        required={form.role === 'customer_user' && !editing?.has_password}
        error={errors.password}
        hint={passwordHint}
        shown={showPw}
        onShownChange={setShowPw}
      />
      {form.role !== 'admin' && form.role !== 'customer_user' ? (
        <label className="flex min-h-11 items-center gap-3 text-sm sm:col-span-2">
          <input type="checkbox" className="h-5 w-5" checked={form.is_admin} onChange={(e) => set('is_admin', e.target.checked)} />
          {T.extraAdmin}
        </label>
      ) : null}
      {form.role !== 'customer_user' ? <WorkAreaField value={form.work_room_ids} onChange={(ids) => set('work_room_ids', ids)} /> : null}
    </FormDialog>
  );
}
