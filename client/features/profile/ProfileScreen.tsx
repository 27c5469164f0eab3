import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { isCustomerUser, ROLE_LABELS } from '../../../shared/domain/roles';
import { ChangePasswordResponse, User } from '../../../shared/schemas/auth';
import { ApiError, apiPatch, apiPost, errorMessage } from '../../app/api';
import { setSession, updateUser, useSession } from '../../app/auth';
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
  const [currentPw, setCurrentPw] = useState('');
  // The e-mail is the login name: changing it asks for the current password (the server insists too).
  const emailChanged = email.trim().toLowerCase() !== (user.email ?? '').toLowerCase() && user.has_password !== false;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pwError, setPwError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(VALIDATION.emailInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    setPwError(null);
    try {
      const body = { email: email.trim(), full_name: fullName, sound_enabled: sound, ...(emailChanged ? { current_password: currentPw } : {}) };
      const updated = await apiPatch('/auth/me', body, User);
      updateUser(updated);
      setCurrentPw('');
      toast.success('Profil gespeichert');
    } catch (err) {
      const message = errorMessage(err, 'Fehler beim Aktualisieren des Profils');
      // A missing or wrong current password belongs under its own field.
      if (err instanceof ApiError && err.code.startsWith('CURRENT_PASSWORD')) setPwError(message);
      else setError(message);
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
      {emailChanged ? (
        <Field label="Aktuelles Passwort" required hint="Zum Ändern der E-Mail-Adresse" error={pwError}>
          {(id) => <Input id={id} type="password" autoComplete="current-password" value={currentPw} onChange={(e) => setCurrentPw(e.target.value)} />}
        </Field>
      ) : null}
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
  const { user } = useSession();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!oldPw) return setError(VALIDATION.oldPasswordRequired);
    if (newPw !== confirm) return setError('Neue Passwörter stimmen nicht überein');
    if (newPw.length < PASSWORD_MIN_LENGTH) return setError(VALIDATION.passwordTooShort);
    setBusy(true);
    setError(null);
    try {
      const res = await apiPost('/auth/me/change-password', { old_password: oldPw, new_password: newPw }, ChangePasswordResponse, { keepSessionOn401: true });
      // The change ended every older session, this one included: continue with the new token.
      if (user) setSession(res.access_token, user);
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
