import { ScanLine } from 'lucide-react';
import type { RefObject } from 'react';
import { Field, Input } from '../../ui/Field';

export interface ScanFieldProps {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  scanField: (name: string) => { 'data-scan-field': string };
  onSubmit: () => void;
}

/** Display only: the one scan field of a packing step (scanner or keyboard, Enter submits). */
export function ScanField(p: ScanFieldProps & { name: string; label: string; placeholder?: string; testId: string }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}
    >
      <Field label={p.label} error={p.error}>
        {(id) => (
          <div className="relative">
            <ScanLine className="pointer-events-none absolute top-3.5 left-3 h-5 w-5 text-slate-400" aria-hidden />
            <Input
              id={id}
              ref={p.inputRef}
              big
              className="pl-10 font-mono"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={p.placeholder}
              data-testid={p.testId}
              value={p.value}
              readOnly={p.busy}
              aria-invalid={p.error ? true : undefined}
              onChange={(e) => p.onChange(e.target.value)}
              {...p.scanField(p.name)}
            />
          </div>
        )}
      </Field>
    </form>
  );
}
