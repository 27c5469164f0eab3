import { QrCode, Warehouse } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiPost, errorMessage } from '../../app/api';
import { setSession } from '../../app/auth';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { ErrorBox } from '../../ui/ErrorBox';
import { Tabs } from '../../ui/Tabs';
import { LOGIN_UI } from '../../../shared/i18n/login';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { texts } from '../../../shared/i18n/translate';
import { applyLanguage, useLanguage } from '../../app/language';

type Mode = 'password' | 'qr';

/** zod and the auth schemas are not needed to draw the form: fetched on first focus (or submit), precached offline. */
let schemas: Promise<typeof import('../../../shared/schemas/auth')> | null = null;
const loadSchemas = () => {
  schemas ??= import('../../../shared/schemas/auth');
  return schemas;
};

/**
 * The login form without the router: client/main.tsx renders it on its own
 * for a logged-out device (so /login loads no app shell, router or Dexie),
 * and the router's /login route wraps it in LoginScreen.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const language = useLanguage();
  const T = texts(LOGIN_UI);
  /** A language picked here goes with the login and is stored with the user. */
  const [picked, setPicked] = useState<Language | null>(null);
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [qrToken, setQrToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const qrRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setError(null);
    if (mode === 'qr') setTimeout(() => qrRef.current?.focus(), 0);
  }, [mode]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { TokenResponse } = await loadSchemas();
      const chosen = picked ? { language: picked } : {};
      const res =
        mode === 'password'
          ? await apiPost('/auth/login-password', { email, password, ...chosen }, TokenResponse, { keepSessionOn401: true })
          : await apiPost('/auth/login', { qr_token: qrToken, ...chosen }, TokenResponse, { keepSessionOn401: true });
      setSession(res.access_token, res.user);
      onLoggedIn();
    } catch (err) {
      setError(errorMessage(err, T.failed));
      if (mode === 'qr') setQrToken('');
    } finally {
      setBusy(false);
    }
  };

  const submitButton = (
    <Button type="submit" size="lg" className="w-full" busy={busy} data-testid="login-submit">
      {busy ? T.submitting : T.submit}
    </Button>
  );

  return (
    <div className="flex min-h-full items-center justify-center bg-gradient-to-br from-brand-700 to-brand-900 px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-2xl">
        <div className="mb-6 flex items-center gap-3">
          <Warehouse className="h-9 w-9 text-brand-600" aria-hidden />
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{T.appName}</h1>
            <p className="text-sm text-slate-600">{T.prompt}</p>
          </div>
        </div>
        <Tabs
          value={mode}
          onValueChange={(v) => setMode(v as Mode)}
          items={[
            {
              value: 'password',
              label: T.tabPassword,
              content: (
                <form onSubmit={submit} onFocus={() => void loadSchemas()} className="flex flex-col gap-4" noValidate={false}>
                  <Field label={T.email} required>
                    {(id) => <Input id={id} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} big />}
                  </Field>
                  <Field label={T.password} required>
                    {(id) => (
                      <Input
                        id={id}
                        type="password"
                        autoComplete="current-password"
                        required
                        value={password}
                        onChange={(e) => setPassword(e.target.value)}
                        big
                      />
                    )}
                  </Field>
                  {error ? <ErrorBox>{error}</ErrorBox> : null}
                  {submitButton}
                </form>
              ),
            },
            {
              value: 'qr',
              label: T.tabQr,
              content: (
                <form onSubmit={submit} onFocus={() => void loadSchemas()} className="flex flex-col gap-4">
                  <p className="flex items-center gap-2 text-sm text-slate-600">
                    <QrCode className="h-5 w-5" aria-hidden /> {T.qrHint}
                  </p>
                  <Field label={T.qrToken} required>
                    {(id) => (
                      <Input
                        id={id}
                        ref={qrRef}
                        type="password"
                        autoComplete="off"
                        required
                        value={qrToken}
                        onChange={(e) => setQrToken(e.target.value)}
                        big
                        data-testid="qr-input"
                      />
                    )}
                  </Field>
                  {error ? <ErrorBox>{error}</ErrorBox> : null}
                  {submitButton}
                </form>
              ),
            },
          ]}
        />
        <fieldset className="mt-6 flex flex-wrap items-center justify-center gap-1 text-sm" data-testid="login-languages">
          <legend className="sr-only">{T.language}</legend>
          {LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={l === language}
              className="min-h-11 rounded px-3 text-slate-600 hover:bg-slate-100 aria-pressed:font-semibold aria-pressed:text-brand-700"
              onClick={() => {
                setPicked(l);
                void applyLanguage(l);
              }}
            >
              {LANGUAGE_NAMES[l]}
            </button>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
