import { useRef, useState } from 'react';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { ApiError, errorMessage } from '../../app/api';
import type { ScanResult } from '../../scan/useScanWorkflow';
import { useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { checkPallet, type PickingMethod, startPicking } from './picking-api';
import { type PalletOrder, ScanPalletView } from './ScanPalletView';

/**
 * Scan-pallet mode, the data side: the pallet is checked first (spec §5:
 * only available pallets, the German texts), then the wave is created where
 * there is none, started with the pallet, begun and pulled onto the device.
 */
export function ScanPallet({
  orders,
  waveId: initialWave,
  method,
  onStarted,
  onBack,
}: {
  orders: PalletOrder[];
  waveId: number | null;
  method: PickingMethod;
  onStarted: (waveId: number) => void;
  onBack: () => void;
}) {
  const T = texts(PICKING_UI);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A wave created by an earlier try whose start failed: used again, never a second one. */
  const created = useRef<number | null>(initialWave);
  const inputRef = useRef<HTMLInputElement>(null);
  useKeepFocus(inputRef, error);

  const submit = async (raw: string): Promise<ScanResult> => {
    const code = raw.trim();
    setValue(code);
    if (!code) {
      setError(T.palletRequired);
      return { ok: false };
    }
    if (!navigator.onLine) {
      setError(T.needsNetwork);
      return { ok: false };
    }
    setBusy(true);
    setError(null);
    try {
      let problem: string | null;
      try {
        problem = await checkPallet(code);
      } catch (e) {
        problem = e instanceof ApiError && e.status === 404 ? errorMessage(e, T.palletNotFound) : errorMessage(e, T.palletLoadError);
      }
      if (problem) {
        setError(problem);
        return { ok: false };
      }
      const id = await startPicking({
        waveId: created.current,
        orderIds: orders.map((o) => o.id),
        method,
        pallet: code,
        onCreated: (w) => {
          created.current = w;
        },
      });
      onStarted(id);
      return { ok: true };
    } catch (e) {
      setError(errorMessage(e, T.startError));
      return { ok: false };
    } finally {
      setBusy(false);
    }
  };

  const scan = useScanWorkflow({ steps: [{ kind: 'pallet', onScan: (code) => submit(code) }], enabled: !busy });
  return (
    <ScanPalletView
      orders={orders}
      value={value}
      onChange={setValue}
      error={error}
      busy={busy}
      inputRef={inputRef}
      scanField={scan.field}
      onSubmit={() => void submit(value).then((r) => scan.report(r, 'pallet'))}
      onBack={onBack}
    />
  );
}
