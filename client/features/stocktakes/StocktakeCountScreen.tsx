import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { normalizeEan } from '../../../shared/domain/ean';
import { errorText } from '../../../shared/i18n/errors/index';
import { STOCKTAKE_COUNT_UI } from '../../../shared/i18n/stocktake-count';
import { texts } from '../../../shared/i18n/translate';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { VALIDATION } from '../../../shared/i18n/validation';
import type { WsStocktakePlace } from '../../../shared/schemas/stocktake';
import { DeviceArgsError } from '../../../sync/device/registry';
import { useSession } from '../../app/auth';
import { type ScanResult, type ScanStep, useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { syncEngine } from '../../sync/engine';
import { useCustomers } from '../stock/hooks';
import { LocalStockError } from '../stock/local-stock';
import { useStepForm } from '../stock/useStepForm';
import { countDevice, type LocalProduct } from './count-device';
import { type CountField, type CountStep, type CountValues, StocktakeCountView } from './StocktakeCountView';

const EMPTY: CountValues = { place: '', ean: '', qty: '', batch: '', customer: '' };

/** The refusal of the device in the language in use: its own code, the shape check's, or the screen's fallback. */
function refusal(e: unknown): string {
  if (e instanceof LocalStockError) return errorText(e.code, e.params);
  if (e instanceof DeviceArgsError) return errorText(e.rejection.code, e.rejection.params);
  return texts(STOCKTAKE_COUNT_UI).error;
}

/**
 * "Inventur zählen" (/stocktake-count), the data side (docs/operations.md
 * "Stocktake"): choose the counting stocktake (when several are on the
 * device), scan a place of it, scan an EAN, enter the counted quantity
 * (Enter books: queued as stocktake.count), next EAN …, then "Platz fertig"
 * (stocktake.place_done). Everything answers from the device's working set,
 * offline too; the counter never sees an expected quantity. StocktakeCountView shows it.
 */
export function StocktakeCountScreen() {
  const { user } = useSession();
  const customers = useCustomers();
  const stocktakes = useLiveQuery(() => countDevice.stocktakes(), []);
  const [chosen, setChosen] = useState<number | null>(null);
  // A stocktake booked or cancelled meanwhile leaves the device with the next pull, and the choice with it.
  const stocktakeId = (stocktakes?.some((s) => s.id === chosen) ? chosen : null) ?? (stocktakes?.length === 1 ? stocktakes[0].id : null);
  const { step, setStep, values, current, setField, go, errors, setErrors, last, setLast, busy, setBusy } = useStepForm<CountStep, CountField>('place', EMPTY);
  const [placeId, setPlaceId] = useState<number | null>(null);
  const [product, setProduct] = useState<LocalProduct | null>(null);
  const [batches, setBatches] = useState<string[]>([]);
  const [askCustomer, setAskCustomer] = useState(false);
  const view = useLiveQuery(async () => (stocktakeId && placeId ? countDevice.placeView(placeId) : null), [stocktakeId, placeId, last?.key[1]]);
  const refs = { place: useRef<HTMLInputElement>(null), ean: useRef<HTMLInputElement>(null), qty: useRef<HTMLInputElement>(null) };
  /** The latest state for the async scan handlers (a render may not have happened yet). */
  const now = useRef<{ place: WsStocktakePlace | null; product: LocalProduct | null; owner?: { batch: string; id: number | null } }>({
    place: null,
    product,
  });
  now.current.product = product;
  useKeepFocus(refs[step], `${stocktakeId}-${step}-${last?.key[1] ?? 0}`);

  const scanPlace = async (code: string): Promise<ScanResult> => {
    if (!stocktakeId) return { ok: false };
    setField({ place: code });
    try {
      const place = await countDevice.place(stocktakeId, code);
      if (!place) throw new LocalStockError('LOCATION_NOT_FOUND', { barcode: code });
      now.current.place = place;
      setPlaceId(place.id);
      setField({ ...EMPTY, place: place.location_barcode });
      go('ean');
    } catch (e) {
      setErrors({ place: refusal(e) });
      return { ok: false };
    }
  };

  const scanEan = async (raw: string): Promise<ScanResult> => {
    const place = now.current.place;
    if (!place) return { ok: false };
    const code = normalizeEan(raw);
    setField({ ean: code, qty: '', batch: '', customer: '' });
    const { product: p, error: miss } = await countDevice.scanProduct(code);
    if (!p) {
      setProduct(null);
      setStep('ean');
      setErrors({ ean: miss ?? texts(STOCK_TEXTS).productNotFound });
      return { ok: false };
    }
    const known = await countDevice.batches(place.location_id, p.ean);
    now.current.product = p;
    setProduct(p);
    setBatches(known);
    const batch = known.length === 1 ? known[0] : '';
    setField({ batch });
    // Whose goods they are is decided now, so that the booking (Enter) does not read the outbox again.
    now.current.owner = { batch, id: await countDevice.customer(place, p.ean, batch) };
    setAskCustomer(now.current.owner.id === null);
    go('qty');
  };

  const book = async (): Promise<ScanResult> => {
    const { place, product: p } = now.current;
    const v = current.current;
    if (!place || !p || !user) return { ok: false };
    const quantity = Number(v.qty);
    if (v.qty.trim() === '' || !Number.isInteger(quantity) || quantity < 0) {
      const V = texts(VALIDATION);
      setErrors({ qty: v.qty.trim() === '' ? V.quantityRequired : quantity < 0 ? V.quantityNotNegative : V.quantityInteger });
      return { ok: false };
    }
    const batch = v.batch.trim();
    const owner = now.current.owner;
    const customerId = v.customer ? Number(v.customer) : owner?.batch === batch ? owner.id : await countDevice.customer(place, p.ean, batch);
    if (customerId === null) {
      setAskCustomer(true);
      setErrors({ customer: texts(STOCKTAKE_COUNT_UI).customerAsk });
      return { ok: false };
    }
    setBusy(true);
    try {
      const entry = await countDevice.count({ userId: user.id, place, ean: p.ean, quantity, batchNumber: batch, customerId });
      setLast({ key: [entry.clientId, entry.id], message: texts(STOCKTAKE_COUNT_UI).counted(p.title, quantity, place.location_barcode) });
      syncEngine.kick();
      setProduct(null);
      setAskCustomer(false);
      setField({ ean: '', qty: '', batch: '', customer: '' });
      go('ean');
      return { ok: true };
    } catch (e) {
      if (e instanceof LocalStockError && e.code === 'STOCKTAKE_CUSTOMER_REQUIRED') setAskCustomer(true);
      setErrors(
        e instanceof LocalStockError && e.code === 'STOCKTAKE_CUSTOMER_REQUIRED' ? { customer: texts(STOCKTAKE_COUNT_UI).customerAsk } : { qty: refusal(e) },
      );
      return { ok: false };
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    now.current.place = null;
    setPlaceId(null);
    setProduct(null);
    setAskCustomer(false);
    setField(EMPTY);
    go('place');
  };

  const placeDone = async () => {
    const place = now.current.place;
    if (!place || !user) return;
    setBusy(true);
    try {
      const entry = await countDevice.done(user.id, place);
      setLast({ key: [entry.clientId, entry.id], message: texts(STOCKTAKE_COUNT_UI).placeFinished(place.location_barcode) });
      syncEngine.kick();
      restart();
      scan.report({ ok: true });
    } catch (e) {
      scan.report({ ok: false, message: refusal(e) });
    } finally {
      setBusy(false);
    }
  };

  const steps: ScanStep[] = !stocktakeId ? [] : step === 'place' ? [{ kind: 'location', onScan: scanPlace }] : [{ kind: 'ean', onScan: scanEan }];
  const scan = useScanWorkflow({ steps, enabled: Boolean(stocktakeId) });

  /** The submit button (and Enter) does what a scan of the current field's text would do; in the quantity step it books. */
  const submit = () => {
    if (step === 'qty') {
      void book().then((r) => scan.report(r, 'any'));
      return;
    }
    const text = current.current[step].trim();
    const kind = step === 'ean' ? 'ean' : 'location';
    if (!text) {
      setErrors({ [step]: step === 'ean' ? texts(STOCK_TEXTS).eanRequired : texts(STOCK_TEXTS).locationRequired });
      scan.report({ ok: false }, kind);
      return;
    }
    void (step === 'place' ? scanPlace(text) : scanEan(text)).then((r) => scan.report(r, kind));
  };

  const counted = view?.counts.find((c) => product && c.ean === product.ean && c.batch_number === values.batch.trim());
  return (
    <StocktakeCountView
      stocktakes={stocktakes}
      stocktakeId={stocktakeId}
      onChoose={(id) => {
        setChosen(id);
        restart();
      }}
      step={step}
      values={values}
      onChange={setField}
      place={view?.place ?? null}
      counts={view?.counts ?? []}
      product={product}
      counted={counted?.counted ?? null}
      batches={batches}
      customers={askCustomer ? (customers ?? []) : null}
      errors={errors}
      last={last}
      busy={busy}
      refs={refs}
      scanField={scan.field}
      onSubmit={submit}
      onBack={step === 'qty' ? () => go('ean') : restart}
      onDone={() => void placeDone()}
    />
  );
}
