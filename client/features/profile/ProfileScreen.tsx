import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { isCustomerUser, ROLE_LABELS } from '../../../shared/domain/roles';
import { ChangePasswordResponse, User } from '../../../shared/schemas/auth';
import { ApiError, apiPatch, apiPost, errorMessage } from '../../app/api';
import { setSession, updateUser, useSession } from '../../app/auth';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { applyLanguage } from '../../app/language';
import { Card, PageHeader } from '../../ui/misc';
import { VALIDATION } from '../../../shared/i18n/validation';
import { PROFILE_UI } from '../../../shared/i18n/profile';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { texts } from '../../../shared/i18n/translate';
import { Select } from '../../ui/Field';

function ProfileForm({ user }: { user: User }) {
  const T = texts(PROFILE_UI);
  const [language, setLanguage] = useState<Language>(user.language);
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
      const body = { email: email.trim(), full_name: fullName, sound_enabled: sound, language, ...(emailChanged ? { current_password: currentPw } : {}) };
      const updated = await apiPatch('/auth/me', body, User);
      updateUser(updated);
      setCurrentPw('');
      // Said in the language just chosen (the screens switch to it with the saved profile).
      await applyLanguage(updated.language);
      toast.success(texts(PROFILE_UI).saved);
    } catch (err) {
      const message = errorMessage(err, T.saveError);
      // A missing or wrong current password belongs under its own field.
      if (err instanceof ApiError && err.code.startsWith('CURRENT_PASSWORD')) setPwError(message);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="profile-form">
      <Field label={T.email} required error={error}>
        {(id) => <Input id={id} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Field label={T.fullName}>{(id) => <Input id={id} value={fullName} onChange={(e) => setFullName(e.target.value)} />}</Field>
      {emailChanged ? (
        <Field label={T.currentPassword} required hint={T.currentPasswordHint} error={pwError}>
          {(id) => <Input id={id} type="password" autoComplete="current-password" value={currentPw} onChange={(e) => setCurrentPw(e.target.value)} />}
        </Field>
      ) : null}
      {!isCustomerUser(user) ? <Field label={T.role}>{(id) => <Input id={id} value={texts(ROLE_LABELS)[user.role]} readOnly disabled />}</Field> : null}
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="h-5 w-5" checked={sound} onChange={(e) => setSound(e.target.checked)} />
        {T.sound}
      </label>
      <Field label={T.language} hint={T.languageHint}>
        {(id) => (
          <Select id={id} value={language} onChange={(e) => setLanguage(e.target.value as Language)} data-testid="profile-language">
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div>
        <Button type="submit" busy={busy}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const T = texts(PROFILE_UI);
  const [oldPw, setOldPw] = useState('');
  const [newPw, setNewPw] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { user } = useSession();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!oldPw) return setError(VALIDATION.oldPasswordRequired);
    if (newPw !== confirm) return setError(T.passwordsDiffer);
    if (newPw.length < PASSWORD_MIN_LENGTH) return setError(VALIDATION.passwordTooShort);
    setBusy(true);
    setError(null);
    try {
      const res = await apiPost('/auth/me/change-password', { old_password: oldPw, new_password: newPw }, ChangePasswordResponse, { keepSessionOn401: true });
      // The change ended every older session, this one included: continue with the new token.
      if (user) setSession(res.access_token, user);
      toast.success(T.passwordChanged);
      setOldPw('');
      setNewPw('');
      setConfirm('');
    } catch (err) {
      setError(errorMessage(err, T.changePasswordError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="password-form">
      <Field label={T.oldPassword} required>
        {(id) => <Input id={id} type="password" autoComplete="current-password" value={oldPw} onChange={(e) => setOldPw(e.target.value)} />}
      </Field>
      <Field label={T.newPassword} required hint={T.newPasswordHint}>
        {(id) => <Input id={id} type="password" autoComplete="new-password" value={newPw} onChange={(e) => setNewPw(e.target.value)} />}
      </Field>
      <Field label={T.confirmPassword} required error={error}>
        {(id) => <Input id={id} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
      </Field>
      <div>
        <Button type="submit" busy={busy}>
          {T.changePassword}
        </Button>
      </div>
    </form>
  );
}

export function ProfileScreen() {
  const T = texts(PROFILE_UI);
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={T.title} subtitle={user.username} />
      <div className="flex flex-col gap-4">
        <Card className="p-4 sm:p-6">
          <h2 className="mb-4 font-semibold">{T.personalData}</h2>
          <ProfileForm user={user} />
        </Card>
        <Card className="p-4 sm:p-6">
          <h2 className="mb-4 font-semibold">{T.changePassword}</h2>
          <PasswordForm />
        </Card>
      </div>
    </div>
  );
}
