import { useCallback, useEffect, useRef, useState } from 'react';
import { EAN_LOOKUP_MIN_LENGTH, PRODUCT_PREVIEW_DELAY_MS } from '../../../shared/constants';
import { normalizeEan } from '../../../shared/domain/ean';
import { gtinVariants } from '../../../shared/domain/product-code';
import { errorText } from '../../../shared/i18n/errors/index';
import type { WsLocation } from '../../../shared/schemas/locations';
import { useSession } from '../../app/auth';
import { useOnline } from '../../app/useOnline';
import { focusScan, type ScanResult, type ScanStep, useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { syncEngine } from '../../sync/engine';
import type { LastBooking } from './BookingResult';
import { stockDevice } from './device';
import { lastCustomer, rememberCustomer, useCustomers, useWorkingSetSize } from './hooks';
import { type InboundErrors, InboundForm, type InboundValues } from './InboundForm';
import { ManualProductDialog, type ManualProductDraft } from './ManualProductDialog';
import { lookupProduct, type ResolvedProduct } from './product-lookup';
import { formatMessage } from '../../../shared/i18n/format';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';

/** In the shelf field, anything that is not a GTIN is taken as a shelf code (so a typo gets "Lagerplatz … nicht gefunden"). */
function isLocationLike(code: string): boolean {
  return !/^\d{8,14}$/.test(code.trim());
}

const EMPTY = { ean: '', qty: '1', notes: '', shelf: '' };

/**
 * Einlagern (/inbound), the data side: scan the EAN, pick the customer
 * (remembered), set the quantity, scan the shelf: the shelf scan books when
 * the form is complete. Everything is checked against the local working set
 * and queued in the outbox, so it answers at once, also offline.
 * InboundForm shows it.
 */
export function InboundScreen() {
  const T = texts(STOCK_TEXTS);
  const { user } = useSession();
  const online = useOnline();
  const customers = useCustomers();
  const places = useWorkingSetSize();
  const [values, setValues] = useState<InboundValues>({ ...EMPTY, customerId: lastCustomer() });
  const [product, setProduct] = useState<ResolvedProduct | null>(null);
  const [shelfLoc, setShelfLoc] = useState<WsLocation | null>(null);
  const [errors, setErrors] = useState<InboundErrors>({});
  const [last, setLast] = useState<LastBooking | null>(null);
  const [dialog, setDialog] = useState<ManualProductDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    ean: useRef<HTMLInputElement>(null),
    qty: useRef<HTMLInputElement>(null),
    notes: useRef<HTMLInputElement>(null),
    shelf: useRef<HTMLInputElement>(null),
  };
  const resolving = useRef<Promise<ResolvedProduct | null> | null>(null);
  const seq = useRef(0);
  /** The code the preview last resolved, so typing does not look the same code up twice. */
  const lastCode = useRef('');
  /** The latest state for the async scan handlers (a render may not have happened yet). */
  const now = useRef({ values, product, shelfLoc });
  now.current = { values, product, shelfLoc };
  const setField = (patch: Partial<InboundValues>) => {
    now.current.values = { ...now.current.values, ...patch };
    setValues((v) => ({ ...v, ...patch }));
  };

  // The remembered customer must still be one this user may book for; a single customer is preselected.
  useEffect(() => {
    if (!customers) return;
    if (values.customerId !== null && customers.some((c) => c.id === values.customerId)) return;
    setValues((v) => ({ ...v, customerId: customers.length === 1 ? customers[0].id : null }));
  }, [customers, values.customerId]);

  useKeepFocus(refs.ean, last, !dialog);

  const resolve = useCallback((raw: string, openDialog: boolean): Promise<ResolvedProduct | null> => {
    const code = normalizeEan(raw);
    lastCode.current = code;
    const my = ++seq.current;
    const p = lookupProduct(code).then((r) => {
      if (my !== seq.current) return r.found;
      setProduct(r.found);
      setErrors((e) => ({ ...e, ean: r.found ? undefined : (r.error ?? texts(STOCK_TEXTS).productNotFound) }));
      if (!r.found && r.draft && openDialog) setDialog(r.draft);
      return r.found;
    });
    resolving.current = p;
    return p;
  }, []);

  // Product preview while typing: 300 ms after the last keystroke, EAN of 8+ characters.
  useEffect(() => {
    const code = values.ean.trim();
    if (code.length < EAN_LOOKUP_MIN_LENGTH || normalizeEan(code) === lastCode.current) return;
    // A scan of the same code meanwhile resolved it already.
    const timer = setTimeout(() => normalizeEan(code) !== lastCode.current && void resolve(code, false), PRODUCT_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values.ean, resolve]);

  const book = async (loc: WsLocation): Promise<ScanResult> => {
    const s = now.current;
    const typed = normalizeEan(s.values.ean);
    // The shown product counts only while the EAN field still holds its code; a code typed by
    // hand without waiting for the preview, or still resolving, is resolved now.
    let p = s.product && (typed === '' || gtinVariants(typed).includes(s.product.ean) || typed === s.product.ean) ? s.product : null;
    if (!p && typed && resolving.current && lastCode.current === typed) p = await resolving.current;
    if (!p && typed) p = await resolve(typed, true);
    const { customerId, notes } = now.current.values;
    const quantity = Number(now.current.values.qty);
    const next: InboundErrors = {};
    if (!p && !typed) next.ean = T.eanRequired;
    if (!customerId) next.customer = T.customerRequired;
    if (!Number.isInteger(quantity) || quantity < 1) next.qty = T.quantityMin;
    if (!p || !customerId || next.qty || !user) {
      setErrors((e) => ({ ...e, ...next }));
      return { ok: false };
    }
    setBusy(true);
    try {
      const entry = await stockDevice.bookInbound({ userId: user.id, ean: p.ean, quantity, location: loc, customerId, notes: notes.trim() });
      setLast({ key: [entry.clientId, entry.id], message: formatMessage(T.inboundSuccess, { title: p.title, qty: quantity, path: loc.path }) });
      rememberCustomer(customerId);
      seq.current++;
      resolving.current = null;
      lastCode.current = '';
      setField(EMPTY);
      setProduct(null);
      setShelfLoc(null);
      setErrors({});
      syncEngine.kick();
      return { ok: true };
    } catch {
      return { ok: false, message: T.inboundError };
    } finally {
      setBusy(false);
    }
  };

  const takeShelf = async (code: string, known?: WsLocation | null): Promise<ScanResult> => {
    setField({ shelf: code });
    const found = known ? { place: known, error: null } : await stockDevice.scanPlace(code);
    const loc = found.place;
    const problem = !loc
      ? (found.error ?? errorText('LOCATION_NOT_FOUND', { barcode: code }))
      : !loc.is_active
        ? errorText('LOCATION_INACTIVE', { barcode: loc.barcode })
        : loc.stocktake
          ? errorText('LOCATION_IN_STOCKTAKE', { barcode: loc.barcode, number: loc.stocktake })
          : undefined;
    setErrors((e) => ({ ...e, shelf: problem }));
    setShelfLoc(problem ? null : loc);
    if (!loc || problem) return { ok: false };
    return book(loc);
  };

  const takeEan = async (code: string): Promise<ScanResult> => {
    setField({ ean: code });
    setErrors((e) => ({ ...e, ean: undefined }));
    const found = await resolve(code, true);
    // Found: the next scan is the shelf, so the shelf field takes the focus.
    focusScan(found ? refs.shelf.current : refs.ean.current);
    return found ? undefined : { ok: false };
  };

  /** A known shelf barcode books, wherever it was scanned; anything else is an article code. */
  const steps: ScanStep[] = [
    {
      kind: 'location',
      recognizes: async (code, { field }) => (field === 'shelf' ? isLocationLike(code) : Boolean(await stockDevice.findLocation(code))),
      onScan: (code, { field }) => {
        // Scanned into the EAN field, the shelf replaced the article there: put it back.
        if (field === 'ean') {
          const back = now.current.product?.ean ?? '';
          lastCode.current = back;
          setField({ ean: back });
        }
        return takeShelf(code);
      },
    },
    {
      kind: 'ean',
      onScan: (code, { field }) => {
        if (field === 'shelf') setField({ shelf: now.current.shelfLoc?.barcode ?? '' });
        return takeEan(code);
      },
    },
  ];
  const scan = useScanWorkflow({ steps, enabled: !dialog });

  const onChange = (patch: Partial<InboundValues>) => {
    setField(patch);
    if (patch.customerId !== undefined) {
      rememberCustomer(patch.customerId);
      setErrors((x) => ({ ...x, customer: undefined }));
    }
    if (patch.shelf !== undefined && shelfLoc && patch.shelf.trim() !== shelfLoc.barcode) setShelfLoc(null);
  };

  const createProduct = async (d: ManualProductDraft) => {
    if (!user) return;
    try {
      await stockDevice.createProduct({ userId: user.id, ean: d.ean, title: d.title, description: d.description || null, keepa_data: d.keepa_data });
      setDialog(null);
      const created: ResolvedProduct = { ean: d.ean, title: d.title, pending: true, image_url: null, source: 'created' };
      now.current.product = created;
      setProduct(created);
      setField({ ean: d.ean });
      setErrors((e) => ({ ...e, ean: undefined }));
      scan.report({ ok: true, message: T.manualCreated(d.title) }, 'ean');
      syncEngine.kick();
      // A shelf scanned before the dialog opened books right away.
      if (shelfLoc) scan.report(await book(shelfLoc), 'location');
    } catch {
      scan.report({ ok: false, message: T.createError });
    }
  };

  const submit = async () => {
    const { shelf, ean } = now.current.values;
    if (!shelf.trim()) {
      setErrors((x) => ({ ...x, shelf: T.locationRequired, ...(ean.trim() ? {} : { ean: T.eanRequired }) }));
      scan.report({ ok: false });
      return;
    }
    scan.report(await takeShelf(shelf.trim()), 'location');
  };

  return (
    <>
      <InboundForm
        values={values}
        onChange={onChange}
        product={product}
        shelfLoc={shelfLoc}
        customers={customers ?? []}
        places={places}
        errors={errors}
        last={last}
        busy={busy}
        online={online}
        refs={refs}
        scanField={scan.field}
        onSubmit={() => void submit()}
      />
      <ManualProductDialog draft={dialog} onCancel={() => setDialog(null)} onCreate={(d) => void createProduct(d)} />
    </>
  );
}
