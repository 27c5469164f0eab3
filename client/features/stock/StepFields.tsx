import { MapPin, Package } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { CameraButton } from '../../scan/camera/CameraButton';
import { Field, Input } from '../../ui/Field';

/**
 * Fields of the step-by-step scan screens (Umlagern, Retoure annehmen, Inventur zählen; ScanSteps.tsx is
 * their frame, useStepForm.ts their state): a scanned code with the camera button, and what has been scanned so far.
 */

/** A code to scan or type (a place, an order or tracking number), with the camera button. */
export function ScanTextField(p: {
  name: string;
  testId: string;
  label: string;
  placeholder: string;
  hint?: string;
  value: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  scanField: (name: string) => { 'data-scan-field': string };
  onChange: (value: string) => void;
}) {
  return (
    <Field label={p.label} required error={p.error} hint={p.hint}>
      {(id) => (
        <div className="relative">
          <Input
            id={id}
            ref={p.inputRef}
            className="pr-12"
            big
            autoComplete="off"
            data-testid={p.testId}
            placeholder={p.placeholder}
            value={p.value}
            aria-invalid={Boolean(p.error)}
            onChange={(e) => p.onChange(e.target.value)}
            {...p.scanField(p.name)}
          />
          <CameraButton field={p.name} inputRef={p.inputRef} />
        </div>
      )}
    </Field>
  );
}

/** Display only: the scanned place (its line, after the pin) and, once scanned, the article. */
export function ScannedBox(p: { testPrefix: string; place: ReactNode; product: { title: string; ean: string } | null }) {
  return (
    <div className="flex flex-col gap-1 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid={`${p.testPrefix}-scanned`}>
      <span className="flex items-center gap-2">
        <MapPin className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        {p.place}
      </span>
      {p.product ? (
        <span className="flex items-center gap-2">
          <Package className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="min-w-0 flex-1 font-semibold" data-testid={`${p.testPrefix}-title`}>
            {p.product.title}
          </span>
          <span className="shrink-0 text-xs whitespace-nowrap text-slate-500">{p.product.ean}</span>
        </span>
      ) : null}
    </div>
  );
}
