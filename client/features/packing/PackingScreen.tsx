import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PACKING_UI } from '../../../shared/i18n/packing';
import { texts } from '../../../shared/i18n/translate';
import type { PackingInfo, PackingPalletResponse } from '../../../shared/schemas/packing';
import type { ShipResponse } from '../../../shared/schemas/shipping';
import { ApiError, errorMessage } from '../../app/api';
import { type ScanResult, type ScanStep, useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { sameCode } from '../../scan/workflow';
import { fetchPackingInfo, fetchPackingPallet, reportItemDiscrepancy } from './packing-api';
import { ScanPalletView, SelectOrderView } from './PalletViews';
import { ShipStep } from './ShipStep';
import { SimplePacking } from './SimplePacking';
import { emptyVerifyState, itemsToScan, type VerifyState, verifiedLines, verifyProgress, verifyScan } from './verify-scan';
import { VerifyView } from './VerifyView';

type Step = 'scan_pallet' | 'select_order' | 'verify_items' | 'ready_to_ship';

/**
 * /warehouse/packing (spec part 2 §2 "Packing station", §4): scan_pallet →
 * select_order → verify_items → ready_to_ship; back buttons return one
 * step. Loading a pallet or an order needs the network; the verification
 * scans are checked on the device against the loaded order. `?order_id=`
 * opens the simple packing view of one order instead.
 */
export function PackingScreen() {
  const T = texts(PACKING_UI);
  const search = useSearch({ strict: false }) as { order_id?: unknown };
  const navigate = useNavigate();
  const simpleId = Number(search.order_id);
  const [step, setStep] = useState<Step>('scan_pallet');
  const [pallet, setPallet] = useState<PackingPalletResponse | null>(null);
  const [info, setInfo] = useState<PackingInfo | null>(null);
  const [verifyState, setVerifyState] = useState<VerifyState>(emptyVerifyState);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus on a new step only: after a scan the workflow selects the field's text, so the next scan replaces it
  // (clearing or re-selecting it from a later render could eat the first characters of a quick next scan).
  useKeepFocus(inputRef, `${step}-${info?.id ?? ''}`, step !== 'ready_to_ship');

  const run = async (work: () => Promise<ScanResult>, fallback: string): Promise<ScanResult> => {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (e) {
      const message = e instanceof ApiError && e.status === 404 && e.code.startsWith('PALLET') ? errorMessage(e, T.palletNotFound) : errorMessage(e, fallback);
      setError(message);
      return { ok: false };
    } finally {
      setBusy(false);
    }
  };

  const loadPallet = (raw: string) =>
    run(async () => {
      const code = raw.trim();
      setValue(code);
      if (!code) {
        setError(T.palletRequired);
        return { ok: false };
      }
      const p = await fetchPackingPallet(code);
      setPallet(p);
      setValue('');
      if (p.total === 0) {
        setStep('scan_pallet');
        setError(T.noOrders);
        return { ok: false };
      }
      setStep('select_order');
      return { ok: true, message: T.ordersOnPallet(p.total) };
    }, T.palletLoadError);

  const openOrder = (orderId: number) =>
    run(async () => {
      const i = await fetchPackingInfo(orderId);
      setInfo(i);
      setVerifyState(emptyVerifyState);
      setValue('');
      setStep(itemsToScan(i).length === 0 ? 'ready_to_ship' : 'verify_items');
      return { ok: true, message: `${T.order} ${i.order_number}` };
    }, T.orderLoadError);

  /** select_order: an EAN opens the first order whose item preview contains it. */
  const openByEan = (code: string): Promise<ScanResult> | ScanResult => {
    const ean = code.trim();
    const hit = pallet?.orders.find((o) => o.items_preview.some((i) => sameCode('ean', ean, i.product_ean)));
    if (!hit) return { ok: false, message: T.noOrderWithEan(ean) };
    return openOrder(hit.id);
  };

  /**
   * verify_items, on the device (verify-scan.ts). A wrong article or one too
   * many is answered at once and then reported to the server without waiting
   * (item_discrepancy); a failed report is only warned (e.g. offline).
   */
  const verify = (code: string): ScanResult => {
    if (!info) return { ok: false };
    const out = verifyScan(info, verifyState, code);
    setVerifyState(out.state);
    if (out.discrepancy) {
      const { discrepancy } = out;
      void reportItemDiscrepancy(info.id, discrepancy).catch((e) => console.warn('Artikel-Abweichung nicht protokolliert', discrepancy, e));
    }
    if (out.done) setStep('ready_to_ship');
    return out.result;
  };

  const steps: ScanStep[] =
    step === 'scan_pallet'
      ? [{ kind: 'pallet', onScan: (c) => loadPallet(c) }]
      : step === 'select_order'
        ? [{ kind: 'ean', onScan: (c) => openByEan(c) }]
        : step === 'verify_items'
          ? [{ kind: 'ean', onScan: (c) => verify(c) }]
          : [];
  const scan = useScanWorkflow({ steps, enabled: !busy && step !== 'ready_to_ship' && !simpleId });

  const toScanPallet = () => {
    setStep('scan_pallet');
    setPallet(null);
    setInfo(null);
    setError(null);
    setValue('');
  };

  const afterShipped = async (res: ShipResponse) => {
    setInfo(null);
    if (res.remaining_on_pallet > 0 && pallet) {
      const r = await loadPallet(pallet.pallet_barcode);
      if (r && !r.ok) toScanPallet();
      return;
    }
    toScanPallet();
  };

  /** Abroad: the order stays packed (waiting for an offer), so its pallet is shown again. */
  const afterQuoted = async () => {
    setInfo(null);
    if (!pallet) return toScanPallet();
    const r = await loadPallet(pallet.pallet_barcode);
    if (r && !r.ok) toScanPallet();
  };

  if (simpleId > 0)
    return (
      <SimplePacking
        key={simpleId}
        orderId={simpleId}
        onClose={() => {
          void navigate({ to: '/warehouse/packing', search: {}, replace: true });
          // Back at the pallet: the simple view may have shipped one of its orders.
          if (pallet) void loadPallet(pallet.pallet_barcode);
        }}
      />
    );

  const submitField = () => {
    const handler = step === 'scan_pallet' ? loadPallet : step === 'select_order' ? openByEan : verify;
    void Promise.resolve(handler(value)).then((r) => scan.report(r, step === 'scan_pallet' ? 'pallet' : 'ean'));
  };
  const fieldProps = { value, onChange: setValue, error, busy, inputRef, scanField: scan.field, onSubmit: submitField };

  if (step === 'scan_pallet') return <ScanPalletView {...fieldProps} />;
  if (step === 'select_order' && pallet)
    return (
      <SelectOrderView
        {...fieldProps}
        pallet={pallet}
        onOpen={(id) => void openOrder(id).then((r) => scan.report(r, 'any'))}
        onSimple={(id) => void navigate({ to: '/warehouse/packing', search: { order_id: id } })}
        onBack={toScanPallet}
      />
    );
  if (step === 'verify_items' && info)
    return (
      <VerifyView
        {...fieldProps}
        info={info}
        scanned={verifiedLines(info, verifyState)}
        scans={verifyState.scans}
        progress={verifyProgress(info, verifyState)}
        onBack={() => {
          setStep('select_order');
          setInfo(null);
          setError(null);
        }}
      />
    );
  if (step === 'ready_to_ship' && info)
    return (
      <ShipStep
        key={info.id}
        info={info}
        palletBarcode={pallet?.pallet_barcode ?? null}
        onBack={() => setStep(itemsToScan(info).length === 0 ? 'select_order' : 'verify_items')}
        onShipped={(res) => void afterShipped(res)}
        onQuoted={() => void afterQuoted()}
      />
    );
  return <ScanPalletView {...fieldProps} />;
}
