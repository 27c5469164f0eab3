import { ScanLine } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { CameraButton } from '../scan/camera/CameraButton';
import { Field, Input } from './Field';

/** What a screen's scan step hands its scan field (value, focus and submit of useScanWorkflow-style screens). */
export interface ScanFieldProps {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  scanField: (name: string) => { 'data-scan-field': string };
  onSubmit: () => void;
}

/**
 * Display only: the one scan field of a step (scanner or keyboard, Enter
 * submits); `children` stand in the same form, after the field (e.g. its
 * submit button).
 */
export function ScanField(
  p: ScanFieldProps & { name: string; label: string; placeholder?: string; testId: string; required?: boolean; className?: string; children?: ReactNode },
) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit();
      }}
      className={p.className}
    >
      <Field label={p.label} required={p.required} error={p.error}>
        {(id) => (
          <div className="relative">
            <ScanLine className="pointer-events-none absolute top-3.5 left-3 h-5 w-5 text-slate-400" aria-hidden />
            <Input
              id={id}
              ref={p.inputRef}
              big
              className="pr-12 pl-10 font-mono"
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
            <CameraButton field={p.name} inputRef={p.inputRef} disabled={p.busy} />
          </div>
        )}
      </Field>
      {p.children}
    </form>
  );
}
