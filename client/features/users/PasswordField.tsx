import { Copy, Eye, EyeOff, KeyRound } from 'lucide-react';
import { USER_FORM_UI as T } from '../../../shared/i18n/users';
import { toast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { copyText, generatePassword } from './password';

/** The user form's password: shown or hidden, generated, copied to the clipboard. */
export function PasswordField({
  value,
  onChange,
  required,
  error,
  hint,
  shown,
  onShownChange,
}: {
  value: string;
  onChange: (password: string) => void;
  required: boolean;
  error: string | undefined;
  hint: string;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
}) {
  const generate = () => {
    onChange(generatePassword());
    onShownChange(true);
  };

  const copy = async () => {
    try {
      await copyText(value);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyError);
    }
  };

  return (
    <Field label={T.password} required={required} error={error} hint={hint} className="sm:col-span-2">
      {(id) => (
        <div className="flex flex-wrap gap-2">
          <div className="relative min-w-0 flex-1">
            <Input
              id={id}
              type={shown ? 'text' : 'password'}
              value={value}
              autoComplete="new-password"
              className="pr-10 font-mono"
              onChange={(e) => onChange(e.target.value)}
              aria-invalid={Boolean(error)}
              data-testid="user-password"
            />
            <button
              type="button"
              className="absolute top-1/2 right-1 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:bg-slate-100"
              onClick={() => onShownChange(!shown)}
              aria-label={shown ? T.hidePassword : T.showPassword}
            >
              {shown ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
            </button>
          </div>
          <Button variant="secondary" icon={<KeyRound className="h-4 w-4" />} onClick={generate}>
            {T.generatePassword}
          </Button>
          <Button variant="secondary" icon={<Copy className="h-4 w-4" />} onClick={copy} disabled={!value} aria-label={T.copyPassword}>
            {T.copy}
          </Button>
        </div>
      )}
    </Field>
  );
}
