import { PackagePlus, ScanLine } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { EAN_LOOKUP_MIN_LENGTH, PRODUCT_PREVIEW_DELAY_MS } from '../../../shared/constants';
import { normalizeEan } from '../../../shared/domain/ean';
import { gtinVariants, productCodeProblem } from '../../../shared/domain/product-code';
import { errorText } from '../../../shared/i18n/errors/index';
import { PRODUCT_CODE_PROBLEM_TEXT, type ProductLookupResponse } from '../../../shared/schemas/products';
import type { WsLocation } from '../../../shared/schemas/locations';
import { createProductLocally } from '../products/offline';
import { findLocation, findProduct } from './local-stock';
import { bookInboundLocally } from './offline';
import { ApiError, api } from '../../app/api';
import { useSession } from '../../app/auth';
import { feedback } from '../../app/feedback';
import { toast } from '../../app/toast';
import { useOnline } from '../../app/useOnline';
import { db } from '../../db';
import { syncEngine } from '../../sync/engine';
import { Button } from '../../ui/Button';
import { Field, Input, Select } from '../../ui/Field';
import { Badge, Card, PageHeader } from '../../ui/misc';
import { QuantityStepper } from './QuantityStepper';
import { BookingResult, type LastBooking } from './BookingResult';
import { focusScan, lastCustomer, rememberCustomer, stripScan, useCustomers, useKeepFocus, useScanRouter, useWorkingSetSize } from './hooks';
import { ManualProductDialog, type ManualProductDraft } from './ManualProductDialog';
import { T, t } from './texts';

/** What the EAN resolved to. id null: known to the server (lookup) but not in the local catalogue yet. */
interface Resolved {
  ean: string;
  title: string;
  pending: boolean;
  image_url: string | null;
  source: 'local' | 'server' | 'created';
}

/** In the shelf field, anything that is not a GTIN is taken as a shelf code (so a typo gets "Lagerplatz … nicht gefunden"). */
function isLocationLike(code: string): boolean {
  return !/^\d{8,14}$/.test(code.trim());
}

type Errors = Partial<Record<'ean' | 'customer' | 'qty' | 'shelf', string>>;

/**
 * Einlagern (/inbound). Scan the EAN, pick the customer (remembered), set the
 * quantity, scan the shelf: the shelf scan books when the form is complete.
 * Everything is checked against the local working set and queued in the
 * outbox, so it answers at once, also offline.
 */
export function InboundScreen() {
  const { user } = useSession();
  const online = useOnline();
  const customers = useCustomers();
  const places = useWorkingSetSize();
  const [ean, setEan] = useState('');
  const [product, setProduct] = useState<Resolved | null>(null);
  const [customerId, setCustomerId] = useState<number | null>(lastCustomer());
  const [qty, setQty] = useState('1');
  const [notes, setNotes] = useState('');
  const [shelf, setShelf] = useState('');
  const [shelfLoc, setShelfLoc] = useState<WsLocation | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [last, setLast] = useState<LastBooking | null>(null);
  const [dialog, setDialog] = useState<ManualProductDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const eanRef = useRef<HTMLInputElement>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  const notesRef = useRef<HTMLInputElement>(null);
  const shelfRef = useRef<HTMLInputElement>(null);
  const shelfLocRef = useRef<WsLocation | null>(null);
  shelfLocRef.current = shelfLoc;
  const resolving = useRef<Promise<Resolved | null> | null>(null);
  const seq = useRef(0);
  /** The code the preview last resolved, so typing does not look the same code up twice. */
  const lastCode = useRef('');
  const snapshot = useRef({ ean, product, customerId, qty, notes });
  snapshot.current = { ean, product, customerId, qty, notes };

  // The remembered customer must still be one this user may book for; a single customer is preselected.
  useEffect(() => {
    if (!customers) return;
    if (customerId !== null && customers.some((c) => c.id === customerId)) return;
    setCustomerId(customers.length === 1 ? customers[0].id : null);
  }, [customers, customerId]);

  useKeepFocus(eanRef, last, !dialog);

  const resolve = useCallback(
    (raw: string, openDialog: boolean): Promise<Resolved | null> => {
      const code = normalizeEan(raw);
      lastCode.current = code;
      const my = ++seq.current;
      const p = (async (): Promise<Resolved | null> => {
        const problem = productCodeProblem(code);
        if (problem) {
          if (my === seq.current) {
            setProduct(null);
            setErrors((e) => ({ ...e, ean: errorText('INVALID_EAN', { ean: code, reason: PRODUCT_CODE_PROBLEM_TEXT[problem] }) }));
          }
          return null;
        }
        const local = await findProduct(db, code);
        let found: Resolved | null = local ? { ean: local.ean, title: local.title, pending: local.pending, image_url: local.image_url, source: 'local' } : null;
        let draft: ManualProductDraft = { ean: code, title: '', description: '', keepa_data: null, source: null };
        let lookupError: string | null = null;
        if (!found && navigator.onLine) {
          try {
            const r = await api.get<ProductLookupResponse>(`/products/lookup/${encodeURIComponent(code)}`, { keepSessionOn401: true });
            if (r.source === 'database') found = { ean: r.ean, title: r.title, pending: false, image_url: r.image_url, source: 'server' };
            else draft = { ean: r.ean || code, title: r.title, description: r.description ?? '', keepa_data: r.keepa_data, source: 'Keepa' };
          } catch (e) {
            if (!(e instanceof ApiError && (e.status === 404 || e.code === 'OFFLINE'))) lookupError = T.previewError;
          }
        }
        if (my !== seq.current) return found;
        setProduct(found);
        setErrors((e) => ({ ...e, ean: found ? undefined : (lookupError ?? T.productNotFound) }));
        if (!found && openDialog) {
          feedback.error();
          setDialog(draft);
        }
        return found;
      })();
      resolving.current = p;
      return p;
    },
    [],
  );

  // Product preview while typing: 300 ms after the last keystroke, EAN of 8+ characters.
  useEffect(() => {
    const code = ean.trim();
    if (code.length < EAN_LOOKUP_MIN_LENGTH || normalizeEan(code) === lastCode.current) return;
    const timer = setTimeout(() => void resolve(code, false), PRODUCT_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ean, resolve]);

  const book = async (loc: WsLocation) => {
    const s = snapshot.current;
    const typed = normalizeEan(s.ean);
    // The shown product counts only while the EAN field still holds its code; a code typed by
    // hand without waiting for the preview, or still resolving, is resolved now.
    let p = s.product && (typed === '' || gtinVariants(typed).includes(s.product.ean) || typed === s.product.ean) ? s.product : null;
    if (!p && typed && resolving.current && lastCode.current === typed) p = await resolving.current;
    if (!p && typed) p = await resolve(typed, true);
    const quantity = Number(s.qty);
    const next: Errors = {};
    if (!p && !typed) next.ean = T.eanRequired;
    if (!s.customerId) next.customer = T.customerRequired;
    if (!Number.isInteger(quantity) || quantity < 1) next.qty = T.quantityMin;
    if (!p || next.customer || next.qty) {
      setErrors((e) => ({ ...e, ...next }));
      feedback.error();
      return;
    }
    if (!user || !s.customerId) return;
    setBusy(true);
    try {
      const entry = await bookInboundLocally(db, { userId: user.id, ean: p.ean, quantity, location: loc, customerId: s.customerId, notes: s.notes.trim() });
      const message = t(T.inboundSuccess, { title: p.title, qty: quantity, path: loc.path });
      setLast({ key: [entry.clientId, entry.id], message });
      feedback.success();
      rememberCustomer(s.customerId);
      seq.current++;
      resolving.current = null;
      lastCode.current = '';
      setEan('');
      setProduct(null);
      setQty('1');
      setNotes('');
      setShelf('');
      setShelfLoc(null);
      setErrors({});
      syncEngine.kick();
    } catch {
      toast.error(T.inboundError);
      feedback.error();
    } finally {
      setBusy(false);
    }
  };

  const takeShelf = async (code: string, submit: boolean, known?: WsLocation) => {
    setShelf(code);
    const loc = known ?? (await findLocation(db, code));
    if (!loc) {
      setShelfLoc(null);
      setErrors((e) => ({ ...e, shelf: errorText('LOCATION_NOT_FOUND', { barcode: code }) }));
      feedback.error();
      return;
    }
    if (!loc.is_active) {
      setShelfLoc(null);
      setErrors((e) => ({ ...e, shelf: errorText('LOCATION_INACTIVE', { barcode: loc.barcode }) }));
      feedback.error();
      return;
    }
    setShelfLoc(loc);
    setErrors((e) => ({ ...e, shelf: undefined }));
    if (submit) await book(loc);
  };

  const takeEan = (code: string) => {
    setEan(code);
    setErrors((e) => ({ ...e, ean: undefined }));
    // Found: the next scan is the shelf, so the shelf field takes the focus.
    void resolve(code, true).then((found) => focusScan(found ? shelfRef.current : eanRef.current));
  };

  /** A scan from anywhere: a known shelf barcode books, anything else is an article code. */
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
    const shelfHit = await findLocation(db, code);
    const isShelf = shelfHit !== null;
    // A shelf scanned into the EAN field (or an EAN into the shelf field) replaced that field's
    // text: put back what belongs there.
    if (isShelf && target === eanRef.current) {
      const back = snapshot.current.product?.ean ?? '';
      snapshot.current.ean = back;
      lastCode.current = back;
      setEan(back);
    }
    if (!isShelf && target === shelfRef.current) setShelf(shelfLocRef.current?.barcode ?? '');
    if (shelfHit) await takeShelf(code, true, shelfHit);
    else takeEan(code);
  };
  const scanField = useScanRouter((code, target) => void route(code, target), !dialog);

  const createProduct = async (d: ManualProductDraft) => {
    if (!user) return;
    try {
      await createProductLocally(db, { userId: user.id, ean: d.ean, title: d.title, description: d.description || null, keepa_data: d.keepa_data });
      setDialog(null);
      setProduct({ ean: d.ean, title: d.title, pending: true, image_url: null, source: 'created' });
      setEan(d.ean);
      setErrors((e) => ({ ...e, ean: undefined }));
      feedback.success();
      toast.success(`Produkt angelegt: ${d.title}`);
      syncEngine.kick();
      // A shelf scanned before the dialog opened books right away.
      if (shelfLoc) await book(shelfLoc);
    } catch {
      toast.error(T.createError);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!shelf.trim()) {
      setErrors((x) => ({ ...x, shelf: T.locationRequired, ...(ean.trim() ? {} : { ean: T.eanRequired }) }));
      feedback.error();
      return;
    }
    await takeShelf(shelf.trim(), true);
  };

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.inboundTitle} subtitle="EAN scannen, Menge prüfen, Lagerplatz scannen" />
      {places === 0 ? <p className="mb-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">{T.workingSetEmpty}</p> : null}
      {last ? (
        <div className="mb-3">
          <BookingResult booking={last} />
        </div>
      ) : null}
      <Card className="p-4">
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field label="EAN" required error={errors.ean}>
            {(id) => (
              <div className="relative">
                <ScanLine className="pointer-events-none absolute top-3.5 left-3 h-5 w-5 text-slate-400" aria-hidden />
                <Input
                  id={id}
                  ref={eanRef}
                  big
                  className="pl-10"
                  data-testid="inbound-ean"
                  inputMode="text"
                  autoComplete="off"
                  placeholder="EAN scannen oder eingeben"
                  value={ean}
                  aria-invalid={Boolean(errors.ean)}
                  onChange={(e) => setEan(e.target.value)}
                  {...scanField((code, el) => void route(code, el))}
                />
              </div>
            )}
          </Field>
          {product ? (
            <div className="flex items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="product-preview">
              {product.image_url ? <img src={product.image_url} alt="" className="h-12 w-12 rounded object-cover" /> : <PackagePlus className="h-10 w-10 text-slate-400" aria-hidden />}
              <div className="min-w-0 flex-1">
                <div className="font-semibold text-slate-900">{product.title}</div>
                <div className="text-sm text-slate-600">EAN {product.ean}</div>
              </div>
              {product.pending ? <Badge tone="amber">neu – {T.pendingMarker}</Badge> : null}
            </div>
          ) : null}
          <Field label="Kunde" required error={errors.customer}>
            {(id) => (
              <Select
                id={id}
                big
                data-testid="inbound-customer"
                value={customerId ?? ''}
                aria-invalid={Boolean(errors.customer)}
                onChange={(e) => {
                  const v = Number(e.target.value) || null;
                  setCustomerId(v);
                  rememberCustomer(v);
                  setErrors((x) => ({ ...x, customer: undefined }));
                }}
              >
                <option value="">Kunde wählen …</option>
                {(customers ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.company_name} ({c.customer_number})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Menge" required error={errors.qty}>
            {(id) => (
              <QuantityStepper id={id} ref={qtyRef} value={qty} onChange={setQty} invalid={Boolean(errors.qty)} testId="inbound-qty" />
            )}
          </Field>
          <Field label="Notizen">
            {(id) => <Input id={id} ref={notesRef} big data-testid="inbound-notes" value={notes} onChange={(e) => setNotes(e.target.value)} />}
          </Field>
          <Field label="Lagerplatz" required error={errors.shelf} hint={shelfLoc ? shelfLoc.path : 'Regalbarcode scannen, z. B. A-01-01'}>
            {(id) => (
              <Input
                id={id}
                ref={shelfRef}
                big
                data-testid="inbound-shelf"
                autoComplete="off"
                placeholder="Lagerplatz scannen"
                value={shelf}
                aria-invalid={Boolean(errors.shelf)}
                onChange={(e) => {
                  setShelf(e.target.value);
                  if (shelfLoc && e.target.value.trim() !== shelfLoc.barcode) setShelfLoc(null);
                }}
                {...scanField((code, el) => void (isLocationLike(code) ? takeShelf(code, true) : route(code, el)))}
              />
            )}
          </Field>
          <Button type="submit" size="lg" busy={busy} data-testid="inbound-submit" className="w-full">
            Einlagern
          </Button>
          {!online ? <p className="text-center text-sm text-amber-800">Offline – Buchungen werden gespeichert und später übertragen.</p> : null}
        </form>
      </Card>
      <ManualProductDialog draft={dialog} onCancel={() => setDialog(null)} onCreate={(d) => void createProduct(d)} />
    </div>
  );
}
