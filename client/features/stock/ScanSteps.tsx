import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/misc';
import { BookingResult, type LastBooking } from './BookingResult';

/**
 * The frame of the step-by-step scan screens (Umlagern, Retoure annehmen, Inventur zählen): the
 * notice of an empty working set, the last booking, the step's form in a card and its buttons.
 * The steps themselves come from the scan workflow (docs/architecture.md "The scan workflow").
 */

/** Shown until the device has pulled its working set once. */
export function WorkingSetEmptyNote({ count }: { count: number | undefined }) {
  return count === 0 ? <p className="mb-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{texts(STOCK_TEXTS).workingSetEmpty}</p> : null;
}

export function LastBookingBox({ last }: { last: LastBooking | null | undefined }) {
  return last ? (
    <div className="mb-3">
      <BookingResult booking={last} />
    </div>
  ) : null;
}

/** The step's form: Enter (the scanner's suffix) submits it. */
export function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <Card className="p-4">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        className="flex flex-col gap-4"
        noValidate
      >
        {children}
      </form>
    </Card>
  );
}

/** "Zurück" (not on the first step) beside "Weiter" or, on the last step, the booking button. */
export function StepButtons(p: {
  testPrefix: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  backLabel: string;
  nextLabel: string;
  submitLabel: string;
  onBack: () => void;
}) {
  return (
    <div className={p.first ? '' : 'grid grid-cols-2 gap-2'}>
      {p.first ? null : (
        <Button variant="secondary" size="lg" onClick={p.onBack} data-testid={`${p.testPrefix}-back`} icon={<ArrowLeft className="h-5 w-5" />}>
          {p.backLabel}
        </Button>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        busy={p.busy}
        data-testid={`${p.testPrefix}-submit`}
        icon={p.last ? undefined : <ArrowRight className="h-5 w-5" />}
      >
        {p.last ? p.submitLabel : p.nextLabel}
      </Button>
    </div>
  );
}
