import { type RefObject, useRef, useState } from 'react';
import type { LastBooking } from './BookingResult';

/**
 * The state of a step-by-step scan screen (Umlagern, Retoure annehmen, Inventur zählen; ScanSteps.tsx
 * is their frame): the step, the fields' texts, the errors per field, the last booking and the busy flag.
 * `current` holds the latest texts for the async scan handlers (a render may not have happened yet);
 * `go` moves to a step and clears the errors (docs/architecture.md "The scan workflow").
 */
export function useStepForm<S extends string, F extends string>(first: S, empty: Record<F, string>) {
  const [step, setStep] = useState<S>(first);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [last, setLast] = useState<LastBooking | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef(values);
  current.current = values;
  const setField = (patch: Partial<Record<F, string>>) => {
    current.current = { ...current.current, ...patch };
    setValues((v) => ({ ...v, ...patch }));
  };
  const go = (next: S) => {
    setErrors({});
    setStep(next);
  };
  return { step, setStep, values, current, setField, go, errors, setErrors, last, setLast, busy, setBusy };
}

/** What every step view is given by its screen (F: the fields, K: the fields with a ref to keep focus on). */
export interface StepViewProps<S extends string, F extends string, K extends string = F> {
  step: S;
  values: Record<F, string>;
  onChange: (patch: Partial<Record<F, string>>) => void;
  errors: Partial<Record<F, string>>;
  last: LastBooking | null;
  busy: boolean;
  refs: Record<K, RefObject<HTMLInputElement | null>>;
  scanField: (name: string) => { 'data-scan-field': string };
  onSubmit: () => void;
  onBack: () => void;
}
