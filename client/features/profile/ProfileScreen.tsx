import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { isCustomerUser, ROLE_LABELS } from '../../../shared/domain/roles';
import { User } from '../../../shared/schemas/auth';
import { OkResponse } from '../../../shared/schemas/common';
import { apiPatch, apiPost, errorMessage } from '../../app/api';
import { updateUser, useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Card, PageHeader } from '../../ui/misc';
import { VALIDATION } from '../../../shared/i18n/validation';
import { UI } from '../../../shared/i18n/ui';

function ProfileForm({ user }: { user: User }) {
  const [email, setEmail] = useState(user.email ?? '');
  const [fullName, setFullName] = useState(user.full_name ?? '');
  const [sound, setSound] = useState(user.sound_enabled);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(VALIDATION.emailInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await apiPatch('/auth/me', { email: email.trim(), full_name: fullName, sound_enabled: sound }, User);
      updateUser(updated);
      toast.success('Profil gespeichert');
    } catch (err) {
      setError(errorMessage(err, 'Fehler beim Aktualisieren des Profils'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="profile-form">
      <Field label="E-Mail" required error={error}>
        {(id) => <Input id={id} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field label={UI.fullName}>{(id) => <Input id={id} value={fullName} onChange={(e) => setFullName(e.target.value)} />}</Field>
      {!isCustomerUser(user) ? <Field label="Rolle">{(id) => <Input id={id} value={ROLE_LABELS[user.role]} readOnly disabled />}</Field> : null}
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="h-5 w-5" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        Ton und Vibration beim Scannen
      </label>
      <div>
        <Button type="submit" busy={busy}>
          {UI.save}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const [oldPw, setOldPw] = useState('');
  const [newPw, setNewPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!oldPw) return setError(VALIDATION.oldPasswordRequired);
    if (newPw !== confirm) return setError('Neue Passwörter stimmen nicht überein');
    if (newPw.length < PASSWORD_MIN_LENGTH) return setError(VALIDATION.passwordTooShort);
    setBusy(true);
    setError(null);
    try {
      await apiPost('/auth/me/change-password', { old_password: oldPw, new_password: newPw }, OkResponse, { keepSessionOn401: true });
      toast.success(UI.passwordChanged);
      setOldPw('');
      setNewPw('');
      setConfirm('');
    } catch (err) {
      setError(errorMessage(err, 'Fehler beim Ändern des Passworts'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="password-form">
      <Field label="Altes Passwort" required>
        {(id) => <Input id={id} type="password" autoComplete="current-password" value={oldPw} onChange={(e) => setOldPw(e.target.value)} />}
      </Field>
      <Field label="Neues Passwort" required hint="Mindestens 6 Zeichen">
        {(id) => <Input id={id} type="password" autoComplete="new-password" value={newPw} onChange={(e) => setNewPw(e.target.value)} />}
      </Field>
      <Field label="Neues Passwort bestätigen" required error={error}>
        {(id) => <Input id={id} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
      </Field>
      <div>
        <Button type="submit" busy={busy}>
          Passwort ändern
        </Button>
      </div>
    </form>
  );
}

export function ProfileScreen() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Profil" subtitle={user.username} />
      <div className="flex flex-col gap-4">
        <Card className="p-4 sm:p-6">
          <h2 className="mb-4 font-semibold">Persönliche Daten</h2>
          <ProfileForm user={user} />
        </Card>
        <Card className="p-4 sm:p-6">
          <h2 className="mb-4 font-semibold">Passwort ändern</h2>
          <PasswordForm />
        </Card>
      </div>
    </div>
  );
}
