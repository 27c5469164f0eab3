import { useEffect, useRef, useState } from 'react';
import { normalizeEan } from '../../../shared/domain/ean';
import { errorText } from '../../../shared/i18n/errors/index';
import { useSession } from '../../app/auth';
import { type ScanResult, type ScanStep, useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { syncEngine } from '../../sync/engine';
import type { LastBooking } from './BookingResult';
import { type LocalProduct, LocalStockError, stockDevice } from './device';
import { useAvailability, useWorkingSetSize } from './hooks';
import { type OutboundErrors, type OutboundStep, type OutboundValues, OutboundView } from './OutboundView';
import { formatMessage } from '../../../shared/i18n/format';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

/** After a successful pick the screen goes back to the lookup (spec part 1 §4). */
export const OUTBOUND_RESET_MS = 3000;
/** Longest wait for a sync when an EAN is not on the device but the network is there. */
const FRESH_LOOKUP_WAIT_MS = 4000;

const EMPTY: OutboundValues = { ean: '', shelf: '', qty: '1', notes: '' };
const isGtin = (code: string) => /^\d{8,14}$/.test(code);

/**
 * Auslagern (/outbound), the data side. Two steps: 1. scan the EAN → lookup
 * from the local stock; 2. scan the shelf (books when the quantity is valid),
 * quantity, notes, Zurück. A new EAN scan starts over; 3 s after a success
 * the screen returns to the lookup. Available quantities include this
 * device's queued bookings, so they drop at once. OutboundView shows it.
 */
export function OutboundScreen() {
  const T = texts(STOCK_TEXTS);
  const { user } = useSession();
  const workingSet = useWorkingSetSize();
  const [step, setStep] = useState<OutboundStep>('lookup');
  const [values, setValues] = useState<OutboundValues>(EMPTY);
  const [product, setProduct] = useState<LocalProduct | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [errors, setErrors] = useState<OutboundErrors>({});
  const [last, setLast] = useState<LastBooking | null>(null);
  const [busy, setBusy] = useState(false);
  const availability = useAvailability(product?.ean ?? null);
  const refs = {
    ean: useRef<HTMLInputElement>(null),
    shelf: useRef<HTMLInputElement>(null),
    qty: useRef<HTMLInputElement>(null),
    notes: useRef<HTMLInputElement>(null),
  };
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The latest state for the async scan handlers (a render may not have happened yet). */
  const now = useRef({ values, product });
  now.current = { values, product };
  const setField = (patch: Partial<OutboundValues>) => {
    now.current.values = { ...now.current.values, ...patch };
    setValues((v) => ({ ...v, ...patch }));
  };

  const cancelReset = () => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
    resetTimer.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleanup on unmount only; cancelReset reads a ref
  useEffect(() => cancelReset, []);
  // The pick form shows once the places are loaded: focus its shelf field then.
  useKeepFocus(step === 'lookup' ? refs.ean : refs.shelf, `${step}-${last?.key[1] ?? 0}-${availability !== undefined}`);

  const backToLookup = () => {
    cancelReset();
    setStep('lookup');
    setProduct(null);
    setField(EMPTY);
    setErrors({});
    setLookupError(null);
  };

  const lookup = async (raw: string): Promise<ScanResult> => {
    cancelReset();
    const code = normalizeEan(raw);
    setField({ ...EMPTY, ean: code });
    setErrors({});
    let p = await stockDevice.findProduct(code);
    if (!p && navigator.onLine) {
      // Not in the working set yet (received on another device since the last pull): sync, then look again.
      await Promise.race([syncEngine.syncNow().catch(() => undefined), new Promise((r) => setTimeout(r, FRESH_LOOKUP_WAIT_MS))]);
      p = await stockDevice.findProduct(code);
    }
    const scanned = p ? null : await stockDevice.scanProduct(code);
    if (scanned?.product) p = scanned.product;
    now.current.product = p;
    setProduct(p);
    setLookupError(p ? null : (scanned?.error ?? T.productNotFound));
    setStep(p ? 'pick' : 'lookup');
    return p ? undefined : { ok: false };
  };

  const book = async (barcode: string): Promise<ScanResult> => {
    const s = now.current;
    if (!s.product || !user) return { ok: false };
    const quantity = Number(s.values.qty);
    const { place: loc, error: miss } = await stockDevice.scanPlace(barcode);
    const next: OutboundErrors = {};
    if (!loc) next.shelf = miss ?? undefined;
    if (!Number.isInteger(quantity) || quantity < 1) next.qty = T.quantityMin;
    if (!loc || next.qty) {
      setErrors(next);
      return { ok: false };
    }
    setBusy(true);
    try {
      const entry = await stockDevice.bookOutbound({ userId: user.id, ean: s.product.ean, quantity, location: loc, notes: s.values.notes.trim() });
      setLast({ key: [entry.clientId, entry.id], message: formatMessage(T.outboundSuccess, { title: s.product.title, qty: quantity }) });
      setErrors({});
      setField({ shelf: '' });
      syncEngine.kick();
      cancelReset();
      resetTimer.current = setTimeout(backToLookup, OUTBOUND_RESET_MS);
      return { ok: true };
    } catch (e) {
      if (e instanceof LocalStockError) {
        setErrors({ qty: errorText(e.code, e.params) });
        return { ok: false };
      }
      return { ok: false, message: T.outboundError };
    } finally {
      setBusy(false);
    }
  };

  const isShelf = async (code: string) => Boolean(await stockDevice.findLocation(code));
  /** Step 1 takes article codes only; in step 2 a shelf books (within the 3 s after a pick, the same article again) and an article starts over. */
  const steps: ScanStep[] =
    step === 'lookup'
      ? [{ kind: 'ean', recognizes: async (code) => !(await isShelf(code)), onScan: lookup }]
      : [
          {
            kind: 'location',
            recognizes: (code, { field }) => (field === 'shelf' ? !isGtin(code) : isShelf(code)),
            onScan: (code) => {
              setField({ shelf: code });
              return book(code);
            },
          },
          { kind: 'ean', onScan: lookup },
        ];
  const scan = useScanWorkflow({ steps });

  return (
    <OutboundView
      step={step}
      values={values}
      onChange={setField}
      product={product}
      availability={availability}
      lookupError={lookupError}
      errors={errors}
      workingSet={workingSet}
      last={last}
      busy={busy}
      refs={refs}
      scanField={scan.field}
      onLookup={(code) => {
        if (code) void lookup(code).then((r) => scan.report(r, 'ean'));
        else setLookupError(T.eanRequired);
      }}
      onPick={() => {
        const shelf = now.current.values.shelf.trim();
        if (shelf) void book(shelf).then((r) => scan.report(r, 'location'));
        else {
          setErrors({ shelf: T.locationRequired });
          scan.report({ ok: false });
        }
      }}
      onPickPlace={(barcode) => {
        setField({ shelf: barcode });
        refs.shelf.current?.focus();
      }}
      onBack={backToLookup}
    />
  );
}
