import { useRef, useState } from 'react';
import { normalizeEan } from '../../../shared/domain/ean';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatMessage } from '../../../shared/i18n/format';
import { RELOCATION_TEXTS } from '../../../shared/i18n/relocation';
import type { WsLocation } from '../../../shared/schemas/locations';
import { useSession } from '../../app/auth';
import { type ScanResult, type ScanStep, useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { syncEngine } from '../../sync/engine';
import { useCustomers, useWorkingSetSize } from '../stock/hooks';
import { LocalStockError } from '../stock/local-stock';
import { useStepForm } from '../stock/useStepForm';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { type LocalProduct, type RelocationSource, relocationDevice } from './device';
import { type RelocateChoice, type RelocateErrors, type RelocateField, type RelocateStep, type RelocateValues, RelocateView } from './RelocateView';
import { texts } from '../../../shared/i18n/translate';

const EMPTY: RelocateValues = { source: '', ean: '', qty: '', target: '' };
const isGtin = (code: string) => /^\d{8,14}$/.test(code);

/**
 * Umlagern (/relocate), the data side (docs/operations.md "Relocation"):
 * scan the source place, scan the EAN (its free units there, per customer
 * and batch, come from the local working set), check the quantity (all free
 * units by default) and scan the target place, which books: queued as
 * stock.relocate and shown at once, online and offline alike. A new EAN scan
 * at step 3 starts over at the same source. RelocateView shows it.
 */
export function RelocateScreen() {
  const T = texts(STOCK_TEXTS);
  const R = texts(RELOCATION_TEXTS);
  const { user } = useSession();
  const workingSet = useWorkingSetSize();
  const customers = useCustomers();
  const { step, setStep, values, current, setField, go, errors, setErrors, last, setLast, busy, setBusy } = useStepForm<RelocateStep, RelocateField>(
    'source',
    EMPTY,
  );
  const [from, setFrom] = useState<WsLocation | null>(null);
  const [product, setProduct] = useState<LocalProduct | null>(null);
  const [sources, setSources] = useState<RelocationSource[]>([]);
  const [choice, setChoice] = useState(0);
  const refs = {
    source: useRef<HTMLInputElement>(null),
    ean: useRef<HTMLInputElement>(null),
    qty: useRef<HTMLInputElement>(null),
    target: useRef<HTMLInputElement>(null),
  };
  /** The latest state for the async scan handlers (a render may not have happened yet). */
  const now = useRef({ from, product, sources, choice });
  now.current = { from, product, sources, choice };
  useKeepFocus(refs[step], `${step}-${last?.key[1] ?? 0}`);

  const scanSource = async (code: string): Promise<ScanResult> => {
    setField({ source: code });
    const { place: loc, error: miss } = await relocationDevice.scanPlace(code);
    if (!loc || loc.stocktake) {
      // A place being counted gives nothing away (docs/operations.md "Stocktake").
      setErrors({ source: loc ? errorText('LOCATION_IN_STOCKTAKE', { barcode: loc.barcode, number: loc.stocktake }) : (miss ?? undefined) });
      return { ok: false };
    }
    now.current.from = loc;
    setFrom(loc);
    setField({ source: loc.barcode, ean: '' });
    go('ean');
  };

  const scanEan = async (raw: string): Promise<ScanResult> => {
    const loc = now.current.from;
    if (!loc) return { ok: false };
    const code = normalizeEan(raw);
    setField({ ean: code, target: '' });
    const { product: p, error: miss } = await relocationDevice.scanProduct(code);
    const list = p ? await relocationDevice.sources(p.ean, loc.id) : [];
    if (!p || list.length === 0) {
      setProduct(null);
      setStep('ean');
      setErrors({ ean: p ? formatMessage(R.noFreeStock, { location: loc.barcode }) : (miss ?? T.productNotFound) });
      return { ok: false };
    }
    Object.assign(now.current, { product: p, sources: list, choice: 0 });
    setProduct(p);
    setSources(list);
    setChoice(0);
    setField({ qty: String(list[0].free) });
    go('target');
  };

  const choose = (index: number) => {
    now.current.choice = index;
    setChoice(index);
    setField({ qty: String(now.current.sources[index]?.free ?? '') });
  };

  const book = async (barcode: string): Promise<ScanResult> => {
    const s = now.current;
    const source = s.sources[s.choice];
    if (!s.from || !s.product || !source || !user) return { ok: false };
    const quantity = Number(current.current.qty);
    const { place: to, error: miss } = await relocationDevice.scanPlace(barcode);
    const next: RelocateErrors = {};
    if (!to) next.target = miss ?? undefined;
    if (!Number.isInteger(quantity) || quantity < 1) next.qty = T.quantityMin;
    if (!to || next.qty) {
      setErrors(next);
      return { ok: false };
    }
    setBusy(true);
    try {
      const entry = await relocationDevice.relocate({
        userId: user.id,
        ean: s.product.ean,
        customerId: source.customer_id,
        batchNumber: source.batch_number,
        quantity,
        from: s.from,
        to,
      });
      setLast({
        key: [entry.clientId, entry.id],
        message: formatMessage(R.success, { title: s.product.title, qty: quantity, from: s.from.barcode, to: to.barcode }),
      });
      syncEngine.kick();
      restart();
      return { ok: true };
    } catch (e) {
      if (e instanceof LocalStockError) {
        setErrors(
          e.code === 'RELOCATE_SAME_PLACE' || e.code === 'LOCATION_IN_STOCKTAKE'
            ? { target: errorText(e.code, e.params) }
            : { qty: errorText(e.code, e.params) },
        );
        return { ok: false };
      }
      return { ok: false, message: R.error };
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    Object.assign(now.current, { from: null, product: null, sources: [], choice: 0 });
    setFrom(null);
    setProduct(null);
    setSources([]);
    setField(EMPTY);
    go('source');
  };

  const back = () => {
    if (step === 'target') {
      setProduct(null);
      setField({ ean: '', qty: '', target: '' });
      go('ean');
    } else restart();
  };

  const isShelf = async (code: string) => Boolean(await relocationDevice.findLocation(code));
  const steps: ScanStep[] =
    step === 'source'
      ? [{ kind: 'location', onScan: scanSource }]
      : step === 'ean'
        ? [{ kind: 'ean', onScan: scanEan }]
        : [
            {
              kind: 'location',
              recognizes: (code, { field }) => (field === 'target' ? !isGtin(code) : isShelf(code)),
              onScan: (code) => {
                setField({ target: code });
                return book(code);
              },
            },
            { kind: 'ean', onScan: scanEan },
          ];
  const scan = useScanWorkflow({ steps });

  const customerName = (id: number) => customers?.find((c) => c.id === id)?.company_name ?? `#${id}`;
  const choices: RelocateChoice[] = sources.map((g) => ({
    customer: customerName(g.customer_id),
    batch: g.batch_number,
    free: g.free,
    pending: g.rows.some((r) => r.pending),
  }));

  /** The button does what a scan of the current field's text would do. */
  const submit = () => {
    const text = current.current[step].trim();
    const kind = step === 'ean' ? 'ean' : 'location';
    if (!text) {
      setErrors({ [step]: step === 'ean' ? T.eanRequired : T.locationRequired });
      scan.report({ ok: false }, kind);
      return;
    }
    const run = step === 'source' ? scanSource : step === 'ean' ? scanEan : book;
    void run(text).then((r) => scan.report(r, kind));
  };

  return (
    <RelocateView
      step={step}
      values={values}
      onChange={setField}
      from={from}
      product={product}
      choices={choices}
      choice={choice}
      errors={errors}
      workingSet={workingSet}
      last={last}
      busy={busy}
      refs={refs}
      scanField={scan.field}
      onSubmit={submit}
      onChoose={choose}
      onBack={back}
    />
  );
}
