import { useRef, useState } from 'react';
import { normalizeEan } from '../../../shared/domain/ean';
import { RETURN_DISPOSITION_LABELS, type ReturnCondition, type ReturnDisposition, STOCKED_DISPOSITIONS } from '../../../shared/domain/returns';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatMessage } from '../../../shared/i18n/format';
import { RETURN_RECEIVE_UI } from '../../../shared/i18n/returns';
import { STOCK_TEXTS } from '../../../shared/i18n/stock';
import { texts } from '../../../shared/i18n/translate';
import type { WsReturn, WsReturnLine } from '../../../shared/schemas/returns';
import { useSession } from '../../app/auth';
import { type ScanResult, type ScanStep, useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { syncEngine } from '../../sync/engine';
import { useWorkingSetSize } from '../stock/hooks';
import { useStepForm } from '../stock/useStepForm';
import { lineOf, notAnnounced, roomOf } from './offline';
import { returnReceiveDevice as device, refusalOf } from './receive-device';
import { type ReceiveField, type ReceiveStep, type ReceiveValues, ReturnReceiveView } from './ReturnReceiveView';

const EMPTY: ReceiveValues = { code: '', ean: '', qty: '', place: '' };
const isGtin = (code: string) => /^\d{8,14}$/.test(code);
/** A damaged unit goes to the Sperrlager by default, the others back into stock. */
const defaultDisposition = (c: ReturnCondition): ReturnDisposition => (c === 'damaged' ? 'quarantine' : 'restock');

/**
 * Retoure annehmen (/returns-receive), the data side (docs/operations.md
 * "Returns"): scan the order or tracking number (the open returns of the
 * working set; online, GET /returns/lookup for a code the device lacks), scan
 * the EAN, choose quantity, condition and disposition, scan the place (for
 * restock and quarantine), which books: queued as returns.receiveItem and
 * shown at once, online and offline alike; then the next EAN of the same
 * return. ReturnReceiveView shows it.
 */
export function ReturnReceiveScreen() {
  const { user } = useSession();
  const workingSet = useWorkingSetSize();
  const { step, setStep, values, current, setField, go, errors, setErrors, last, setLast, busy, setBusy } = useStepForm<ReceiveStep, ReceiveField>(
    'code',
    EMPTY,
  );
  const [returns, setReturns] = useState<WsReturn[]>([]);
  const [ret, setRet] = useState<WsReturn | null>(null);
  const [line, setLine] = useState<WsReturnLine | null>(null);
  const [condition, setCondition] = useState<ReturnCondition>('new');
  const [disposition, setDisposition] = useState<ReturnDisposition>('restock');
  const [suggestion, setSuggestion] = useState<string | null>(null);
  /** The scanned order has no open return: it may be announced here (online), then received. */
  const [unannounced, setUnannounced] = useState<{ id: number; order_number: string } | null>(null);
  const [announcing, setAnnouncing] = useState(false);
  const refs = {
    code: useRef<HTMLInputElement>(null),
    ean: useRef<HTMLInputElement>(null),
    qty: useRef<HTMLInputElement>(null),
    place: useRef<HTMLInputElement>(null),
  };
  /** The latest state for the async scan handlers (a render may not have happened yet). */
  const now = useRef({ ret, line, condition, disposition });
  now.current = { ret, line, condition, disposition };
  const focusStep = step === 'details' ? (STOCKED_DISPOSITIONS.includes(disposition) ? 'place' : 'qty') : step;
  useKeepFocus(refs[focusStep], `${focusStep}-${last?.key[1] ?? 0}`);

  const showReturn = (r: WsReturn | null) => {
    now.current.ret = r;
    setRet(r);
  };
  const suggest = (r: WsReturn, l: WsReturnLine, d: ReturnDisposition) => {
    setSuggestion(null);
    void device.suggestPlace(r, l, d).then((b) => now.current.line === l && now.current.disposition === d && setSuggestion(b));
  };

  const scanCode = async (code: string): Promise<ScanResult> => {
    setField({ code });
    setBusy(true);
    const found = await device.lookup(code).finally(() => setBusy(false));
    setUnannounced(found.type === 'unannounced' ? found.order : null);
    if (found.type !== 'found') {
      setErrors({ code: found.message });
      return { ok: false };
    }
    setReturns(found.returns);
    showReturn(found.returns[0]);
    setField({ ean: '' });
    go('ean');
  };

  const scanEan = async (raw: string): Promise<ScanResult> => {
    const r = now.current.ret;
    if (!r) return { ok: false };
    const ean = normalizeEan(raw);
    setField({ ean, place: '' });
    const l = lineOf(r, ean);
    const missing = l ? null : notAnnounced(r, ean);
    const refusal = missing ? errorText(missing.code, missing.params) : l && roomOf(l) < 1 ? texts(RETURN_RECEIVE_UI).noRoom : null;
    if (!l || refusal) {
      now.current.line = null;
      setLine(null);
      setStep('ean');
      setErrors({ ean: refusal ?? undefined });
      return { ok: false };
    }
    now.current.line = l;
    setLine(l);
    setField({ qty: '1' });
    go('details');
    suggest(r, l, now.current.disposition);
  };

  const choose = (c: ReturnCondition, d: ReturnDisposition) => {
    Object.assign(now.current, { condition: c, disposition: d });
    setCondition(c);
    setDisposition(d);
    setErrors({});
    if (now.current.ret && now.current.line) suggest(now.current.ret, now.current.line, d);
  };

  const book = async (barcode: string | null): Promise<ScanResult> => {
    const s = now.current;
    if (!s.ret || !s.line || !user) return { ok: false };
    const quantity = Number(current.current.qty);
    if (!Number.isInteger(quantity) || quantity < 1) {
      setErrors({ qty: texts(STOCK_TEXTS).quantityMin });
      return { ok: false };
    }
    setBusy(true);
    try {
      const entry = await device.receive(user.id, {
        return_id: s.ret.id,
        product_ean: s.line.product_ean,
        quantity,
        condition: s.condition,
        disposition: s.disposition,
        ...(barcode ? { location_barcode: barcode } : {}),
      });
      const place = barcode ? ` → ${(await device.findLocation(barcode))?.barcode ?? barcode}` : '';
      setLast({
        key: [entry.clientId, entry.id],
        message: formatMessage(texts(RETURN_RECEIVE_UI).success, {
          qty: quantity,
          title: s.line.product_title,
          disposition: texts(RETURN_DISPOSITION_LABELS)[s.disposition],
          place,
        }),
      });
      syncEngine.kick();
      showReturn(await device.get(s.ret.id));
      nextArticle();
      return { ok: true };
    } catch (e) {
      const refusal = refusalOf(e);
      if (refusal) setErrors(refusal);
      return refusal ? { ok: false } : { ok: false, message: texts(RETURN_RECEIVE_UI).error };
    } finally {
      setBusy(false);
    }
  };

  const nextArticle = () => {
    now.current.line = null;
    setLine(null);
    setSuggestion(null);
    setField({ ean: '', qty: '', place: '' });
    go('ean');
  };
  const restart = () => {
    showReturn(null);
    setReturns([]);
    nextArticle();
    setField({ code: '' });
    go('code');
  };
  const back = () => (step === 'details' ? nextArticle() : restart());

  const isPlace = async (code: string) => Boolean(await device.findLocation(code));
  const steps: ScanStep[] =
    step === 'code'
      ? [{ kind: 'any', onScan: scanCode }]
      : step === 'ean'
        ? [{ kind: 'ean', onScan: scanEan }]
        : [
            ...(STOCKED_DISPOSITIONS.includes(disposition)
              ? [
                  {
                    kind: 'location' as const,
                    recognizes: (code: string, { field }: { field: string | null }) => (field === 'place' ? !isGtin(code) : isPlace(code)),
                    onScan: (code: string) => {
                      setField({ place: code });
                      return book(code);
                    },
                  },
                ]
              : []),
            { kind: 'ean', onScan: scanEan },
          ];
  const scan = useScanWorkflow({ steps, enabled: !announcing });

  /** The button does what a scan of the current field's text would do. */
  const submit = () => {
    const field = step === 'details' ? 'place' : step;
    const text = current.current[field].trim();
    if (step === 'details' && !STOCKED_DISPOSITIONS.includes(now.current.disposition)) {
      void book(null).then((r) => scan.report(r, 'any'));
      return;
    }
    const kind = step === 'code' ? 'any' : step === 'ean' ? 'ean' : 'location';
    if (!text) {
      setErrors({
        [field]:
          step === 'code' ? texts(RETURN_RECEIVE_UI).codeRequired : step === 'ean' ? texts(STOCK_TEXTS).eanRequired : texts(STOCK_TEXTS).locationRequired,
      });
      scan.report({ ok: false }, kind);
      return;
    }
    const run = step === 'code' ? scanCode : step === 'ean' ? scanEan : book;
    void run(text).then((r) => scan.report(r, kind));
  };

  return (
    <ReturnReceiveView
      step={step}
      values={values}
      onChange={setField}
      returns={returns}
      ret={ret}
      line={line}
      room={line && ret ? roomOf(lineOf(ret, line.product_ean) ?? line) : 0}
      condition={condition}
      disposition={disposition}
      suggestion={suggestion}
      errors={errors}
      workingSet={workingSet}
      last={last}
      busy={busy}
      refs={refs}
      scanField={scan.field}
      onSubmit={submit}
      onChooseReturn={(id) => showReturn(returns.find((r) => r.id === id) ?? null)}
      onCondition={(c) => choose(c, defaultDisposition(c))}
      onDisposition={(d) => choose(now.current.condition, d)}
      onBack={back}
      unannounced={step === 'code' ? unannounced : null}
      announcing={announcing}
      onAnnounce={setAnnouncing}
      onAnnounced={() => void scanCode(current.current.code).then((r) => scan.report(r, 'any'))}
    />
  );
}
