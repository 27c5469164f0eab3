import { ArrowLeft, MapPin, ScanLine } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { normalizeEan } from '../../../shared/domain/ean';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatNumber } from '../../../shared/i18n/format';
import { findLocation, findProduct, type LocalProduct, LocalStockError, type LocationAvailability } from './local-stock';
import { bookOutboundLocally } from './offline';
import { useSession } from '../../app/auth';
import { feedback } from '../../app/feedback';
import { toast } from '../../app/toast';
import { db } from '../../db';
import { syncEngine } from '../../sync/engine';
import { Button } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';
import { Badge, Card, PageHeader } from '../../ui/misc';
import { QuantityStepper } from './QuantityStepper';
import { BookingResult, type LastBooking } from './BookingResult';
import { stripScan, useAvailability, useKeepFocus, useScanRouter, useWorkingSetSize } from './hooks';
import { T, t } from './texts';

/** After a successful pick the screen goes back to the lookup (spec part 1 §4). */
export const OUTBOUND_RESET_MS = 3000;

type Step = 'lookup' | 'pick';
/** Longest wait for a sync when an EAN is not on the device but the network is there. */
const FRESH_LOOKUP_WAIT_MS = 4000;

/** Display only: the lookup result (title, EAN, total, places with available quantity). */
export function OutboundLookupView({
  product,
  places,
  onPickPlace,
}: {
  product: LocalProduct;
  places: LocationAvailability[];
  onPickPlace?: (barcode: string) => void;
}) {
  const total = places.reduce((s, p) => s + p.available, 0);
  return (
    <div className="flex flex-col gap-3" data-testid="outbound-lookup">
      <div>
        <div className="text-lg font-semibold text-slate-900" data-testid="outbound-title">
          {product.title}
        </div>
        <div className="text-sm text-slate-600">EAN {product.ean}</div>
        <div className="mt-1 text-sm">
          Gesamt verfügbar:{' '}
          <span className="font-bold" data-testid="outbound-total">
            {formatNumber(total)} Stück
          </span>
        </div>
      </div>
      {places.length === 0 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{T.noStock}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Lagerplätze mit Bestand">
          {places.map((p) => (
            <li key={p.location.id}>
              <button
                type="button"
                onClick={() => onPickPlace?.(p.location.barcode)}
                data-testid={`outbound-place-${p.location.barcode}`}
                className="flex min-h-12 w-full items-center gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 text-left hover:bg-slate-50"
              >
                <MapPin className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{p.location.barcode}</span>
                  <span className="block truncate text-xs text-slate-500">{p.location.path}</span>
                </span>
                <span className="text-right">
                  <span className="block font-bold" data-testid="place-available">
                    {formatNumber(p.available)}
                  </span>
                  <span className="block text-xs text-slate-500">verfügbar</span>
                </span>
                {p.pending ? <Badge tone="amber">lokal</Badge> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Auslagern (/outbound), two steps: 1. scan the EAN → lookup from the local
 * stock; 2. scan the shelf (books when the quantity is valid), quantity,
 * notes, Zurück. A new EAN scan starts over; 3 s after a success the screen
 * returns to the lookup. Available quantities include this device's queued
 * bookings, so they drop at once.
 */
export function OutboundScreen() {
  const { user } = useSession();
  const places = useWorkingSetSize();
  const [step, setStep] = useState<Step>('lookup');
  const [ean, setEan] = useState('');
  const [product, setProduct] = useState<LocalProduct | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [shelf, setShelf] = useState('');
  const [qty, setQty] = useState('1');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'shelf' | 'qty', string>>>({});
  const [last, setLast] = useState<LastBooking | null>(null);
  const [busy, setBusy] = useState(false);
  const availability = useAvailability(product?.ean ?? null);
  const scanRef = useRef<HTMLInputElement>(null);
  const shelfRef = useRef<HTMLInputElement>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  const notesRef = useRef<HTMLInputElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const snapshot = useRef({ product, qty, notes, step });
  snapshot.current = { product, qty, notes, step };

  const cancelReset = () => {
    if (resetTimer.current) clearTimeout(resetTimer.current);
    resetTimer.current = null;
  };
  useEffect(() => cancelReset, []);
  useKeepFocus(step === 'lookup' ? scanRef : shelfRef, `${step}-${last?.key[1] ?? 0}`);

  const backToLookup = () => {
    cancelReset();
    setStep('lookup');
    setProduct(null);
    setEan('');
    setShelf('');
    setQty('1');
    setNotes('');
    setErrors({});
    setLookupError(null);
  };

  const lookup = async (raw: string) => {
    cancelReset();
    const code = normalizeEan(raw);
    setEan(code);
    setShelf('');
    setQty('1');
    setNotes('');
    setErrors({});
    let p = await findProduct(db, code);
    if (!p && navigator.onLine) {
      // Not in the working set yet (received on another device since the last pull): sync, then look again.
      await Promise.race([syncEngine.syncNow().catch(() => undefined), new Promise((r) => setTimeout(r, FRESH_LOOKUP_WAIT_MS))]);
      p = await findProduct(db, code);
    }
    if (!p) {
      setProduct(null);
      setStep('lookup');
      setLookupError(T.productNotFound);
      feedback.error();
      return;
    }
    setLookupError(null);
    setProduct(p);
    setStep('pick');
  };

  const book = async (barcode: string) => {
    const s = snapshot.current;
    if (!s.product || !user) return;
    const quantity = Number(s.qty);
    const loc = await findLocation(db, barcode);
    const next: Partial<Record<'shelf' | 'qty', string>> = {};
    if (!loc) next.shelf = errorText('LOCATION_NOT_FOUND', { barcode });
    if (!Number.isInteger(quantity) || quantity < 1) next.qty = T.quantityMin;
    if (!loc || next.qty) {
      setErrors(next);
      feedback.error();
      return;
    }
    setBusy(true);
    try {
      const entry = await bookOutboundLocally(db, { userId: user.id, ean: s.product.ean, quantity, location: loc, notes: s.notes.trim() });
      setLast({ key: [entry.clientId, entry.id], message: t(T.outboundSuccess, { title: s.product.title, qty: quantity }) });
      setErrors({});
      setShelf('');
      feedback.success();
      syncEngine.kick();
      cancelReset();
      resetTimer.current = setTimeout(backToLookup, OUTBOUND_RESET_MS);
    } catch (e) {
      if (e instanceof LocalStockError) setErrors({ qty: errorText(e.code, e.params) });
      else toast.error(T.outboundError);
      feedback.error();
    } finally {
      setBusy(false);
    }
  };

  /** A scan from anywhere: a known shelf barcode in step 2 books; any other code is a new lookup. */
  const route = async (code: string, target: EventTarget | null) => {
    // The scanner typed into the focused field too: restore it from the DOM (state may lag a render behind).
    if (target === qtyRef.current && qtyRef.current) {
      const v = stripScan(qtyRef.current.value, code) || '1';
      snapshot.current.qty = v;
      setQty(v);
    }
    if (target === notesRef.current && notesRef.current) {
      const v = stripScan(notesRef.current.value, code);
      snapshot.current.notes = v;
      setNotes(v);
    }
    const isShelf = Boolean(await findLocation(db, code));
    if (isShelf && snapshot.current.step === 'pick') {
      // Within the 3 s after a pick, another shelf takes the same article again.
      setShelf(code);
      await book(code);
      return;
    }
    if (isShelf) {
      setLookupError('Bitte zuerst die EAN scannen');
      feedback.error();
      if (target === scanRef.current) setEan('');
      return;
    }
    await lookup(code);
  };
  const scanField = useScanRouter((code, target) => void route(code, target));

  const submitPick = async (e: FormEvent) => {
    e.preventDefault();
    if (!shelf.trim()) {
      setErrors({ shelf: T.locationRequired });
      feedback.error();
      return;
    }
    await book(shelf.trim());
  };

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.outboundTitle} subtitle={step === 'lookup' ? 'Schritt 1: EAN scannen' : 'Schritt 2: Lagerplatz scannen und Menge bestätigen'} />
      {places === 0 ? <p className="mb-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.workingSetEmpty}</p> : null}
      {last ? (
        <div className="mb-3">
          <BookingResult booking={last} />
        </div>
      ) : null}
      {step === 'lookup' ? (
        <Card className="p-4">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const v = ean.trim();
              if (v) void lookup(v);
              else setLookupError(T.eanRequired);
            }}
            className="flex flex-col gap-4"
            noValidate
          >
            <Field label="EAN" required error={lookupError}>
              {(id) => (
                <div className="relative">
                  <ScanLine className="pointer-events-none absolute top-3.5 left-3 h-5 w-5 text-slate-400" aria-hidden />
                  <Input
                    id={id}
                    ref={scanRef}
                    big
                    className="pl-10"
                    autoComplete="off"
                    data-testid="outbound-ean"
                    placeholder="EAN scannen oder eingeben"
                    value={ean}
                    onChange={(e) => setEan(e.target.value)}
                    {...scanField((code, el) => void route(code, el))}
                  />
                </div>
              )}
            </Field>
            <Button type="submit" size="lg" className="w-full" data-testid="outbound-lookup-submit">
              Suchen
            </Button>
          </form>
        </Card>
      ) : product ? (
        <Card className="flex flex-col gap-4 p-4">
          <OutboundLookupView
            product={product}
            places={availability ?? []}
            onPickPlace={(b) => {
              setShelf(b);
              shelfRef.current?.focus();
            }}
          />
          <form onSubmit={submitPick} className="flex flex-col gap-4 border-t border-slate-200 pt-4" noValidate>
            <Field label="Lagerplatz" required error={errors.shelf}>
              {(id) => (
                <Input
                  id={id}
                  ref={shelfRef}
                  big
                  autoComplete="off"
                  data-testid="outbound-shelf"
                  placeholder="Lagerplatz scannen"
                  value={shelf}
                  onChange={(e) => setShelf(e.target.value)}
                  {...scanField((code, el) => void (/^\d{8,14}$/.test(code) ? route(code, el) : book(code)))}
                />
              )}
            </Field>
            <Field label="Menge" required error={errors.qty}>
              {(id) => (
                <QuantityStepper id={id} ref={qtyRef} value={qty} onChange={setQty} invalid={Boolean(errors.qty)} testId="outbound-qty" />
              )}
            </Field>
            <Field label="Notizen">
              {(id) => <Input id={id} ref={notesRef} big data-testid="outbound-notes" value={notes} onChange={(e) => setNotes(e.target.value)} />}
            </Field>
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" size="lg" onClick={backToLookup} data-testid="outbound-back" icon={<ArrowLeft className="h-5 w-5" />}>
                Zurück
              </Button>
              <Button type="submit" size="lg" busy={busy} data-testid="outbound-submit">
                Auslagern
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
    </div>
  );
}
