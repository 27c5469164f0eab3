import { WAVE_UI } from '../../../shared/i18n/wave-builder';

/** An order number that opens the order detail dialog; tall enough to hit on a handheld. */
export function OrderLink({ number, onOpen }: { number: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-brand-700 hover:underline"
      aria-label={WAVE_UI.openOrder(number)}
      data-testid={`order-link-${number}`}
    >
      {number}
    </button>
  );
}
