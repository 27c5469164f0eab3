import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../../shared/i18n/errors/index';
import { formatMessage } from '../../../../shared/i18n/format';
import { PICKING_UI } from '../../../../shared/i18n/picking-screen';
import { texts } from '../../../../shared/i18n/translate';
import { db } from '../../../db';
import type { ScanResult, ScanStep } from '../../../scan/useScanWorkflow';
import { useKeepFocus, useScanWorkflow } from '../../../scan/useScanWorkflow';
import { syncEngine } from '../../../sync/engine';
import { ErrorBox, Spinner } from '../../../ui/misc';
import { LocalStockError } from '../../stock/local-stock';
import { localWave } from '../local-waves';
import { saveProgressCommand } from '../offline';
import { ShortageDialog } from '../PickDialogs';
import { unitLabel } from '../pick-steps';
import { savedProgress } from '../picking-api';
import { RollingPickingView } from './RollingPickingView';
import { queueFinish, queuePick, queueShortage } from './rolling-commands';
import {
  buildPlan,
  currentPick,
  donePick,
  phaseAfterCorner,
  progressOf,
  type RollingPhase,
  type RollingPick,
  resumePhase,
  sameProgress,
  savedKeys,
} from './rolling-steps';

const failed = (e: unknown): ScanResult => ({ ok: false, message: e instanceof LocalStockError ? errorText(e.code, e.params) : texts(PICKING_UI).startError });

/**
 * Rolling picking, the data side (spec part 2 §4 "Rolling picking"): up to
 * four orders in one walk onto the pallet's corners, from the device's wave
 * working set, so the whole wave works without network. location → product
 * (the EAN scan books the pick, picking.pick) → confirm_corner (any scan) →
 * next pick or next place; the position is saved per step
 * (picking.saveProgress) and restored on open. After the last pick the cart
 * (picking.createCart) and the completion (picking.complete) are queued.
 */
export function RollingPicking({
  waveId,
  userId,
  onDone,
  onBack,
}: {
  waveId: number;
  userId: number;
  onDone: (palletBarcode: string) => void;
  onBack: () => void;
}) {
  const T = texts(PICKING_UI);
  const local = useLiveQuery(() => localWave(db, waveId), [waveId]);
  const wave = local?.wave;
  /** Keys of the picks done, in the order they were picked; null until resumed. */
  const [picked, setPicked] = useState<string[] | null>(null);
  const [phase, setPhase] = useState<RollingPhase>('location');
  const [confirm, setConfirm] = useState<{ key: string; qty: number | null } | null>(null);
  const [shortage, setShortage] = useState(false);
  const [busy, setBusy] = useState(false);
  const [scanValue, setScanValue] = useState('');
  const scanRef = useRef<HTMLInputElement>(null);
  const finishing = useRef(false);
  const plan = useMemo(() => (wave && picked ? buildPlan(wave, picked) : null), [wave, picked]);
  const cur = plan ? currentPick(plan) : null;

  // Resume: this device's saved position, else the server's (another device) when online.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the wave is first there
  useEffect(() => {
    if (!wave || picked) return;
    let cancelled = false;
    void savedProgress(wave).then((progress) => {
      if (cancelled) return;
      const keys = savedKeys(progress);
      const r = resumePhase(buildPlan(wave, keys), progress);
      setPhase(r.phase);
      setConfirm(r.confirmKey ? { key: r.confirmKey, qty: null } : null);
      setPicked(keys);
    });
    return () => {
      cancelled = true;
    };
  }, [wave !== undefined]);

  // Progress per step (last write wins): only when the position really changed.
  const saved = useRef('');
  useEffect(() => {
    // Once the cart and the completion are queued, no position follows them.
    if (!plan || !wave || wave.status !== 'picking' || finishing.current) return;
    const now = progressOf(plan, phase);
    const key = JSON.stringify(now);
    if (key === saved.current || (saved.current === '' && sameProgress(now, wave.progress))) return;
    saved.current = key;
    void saveProgressCommand
      .enqueue(db, userId, { wave_id: waveId, ...now })
      .then(() => syncEngine.kick())
      .catch((e) => console.warn('save-progress', e));
  }, [plan, phase, wave, userId, waveId]);

  const finish = async () => {
    if (!wave || finishing.current) return;
    finishing.current = true;
    setBusy(true);
    try {
      await queueFinish(userId, wave);
      onDone(wave.pallet_barcode ?? '');
    } catch (e) {
      finishing.current = false;
      scan.report(failed(e));
    } finally {
      setBusy(false);
    }
  };

  /** Marks the pick done; with units in hand the corner is confirmed next, else on to the next pick. */
  const done = (p: RollingPick, qty: number) => {
    const keys = [...(picked ?? []), p.key];
    setPicked(keys);
    setScanValue('');
    if (qty > 0) {
      setConfirm({ key: p.key, qty });
      setPhase('confirm_corner');
      return;
    }
    setConfirm(null);
    const next = wave ? phaseAfterCorner(buildPlan(wave, keys), p.key) : null;
    if (next) setPhase(next);
    else void finish();
  };

  const onProduct = async (): Promise<ScanResult> => {
    if (!cur) return { ok: false };
    setBusy(true);
    try {
      await queuePick(userId, waveId, cur, cur.stop.quantity);
      done(cur, cur.stop.quantity);
      return { ok: true, message: formatMessage(T.putInCorner, { qty: cur.stop.quantity, unit: unitLabel(cur.line.unit), corner: cur.corner }) };
    } catch (e) {
      return failed(e);
    } finally {
      setBusy(false);
    }
  };

  const onCorner = (): ScanResult => {
    if (!plan || !confirm) return { ok: false };
    const corner = donePick(wave as NonNullable<typeof wave>, confirm.key)?.corner ?? '';
    const next = phaseAfterCorner(plan, confirm.key);
    setConfirm(null);
    setScanValue('');
    if (next) setPhase(next);
    else void finish();
    return { ok: true, message: formatMessage(T.cornerConfirmed, { corner }) };
  };

  const reportShortage = async (found: number) => {
    setShortage(false);
    if (!cur) return;
    const missing = cur.stop.quantity - found;
    try {
      if (found > 0) await queuePick(userId, waveId, cur, found);
      if (missing > 0) {
        await queueShortage(userId, waveId, cur, missing);
      }
      done(cur, found);
      scan.report({ ok: true, message: formatMessage(T.shortageBooked, { missing }) }, 'location');
    } catch (e) {
      scan.report(failed(e), 'location');
    }
  };

  const steps: ScanStep[] =
    phase === 'confirm_corner' && confirm
      ? [{ kind: 'any', onScan: onCorner }]
      : !cur
        ? []
        : phase === 'product'
          ? [{ kind: 'ean', expected: cur.line.product_ean, onScan: onProduct }]
          : [
              {
                kind: 'location',
                expected: cur.stop.location_barcode,
                onScan: () => {
                  setPhase('product');
                  setScanValue('');
                  return { ok: true, message: T.locationOk };
                },
              },
            ];
  const scan = useScanWorkflow({ steps, enabled: !shortage && !busy && steps.length > 0 });
  useKeepFocus(scanRef, `${cur?.key}-${phase}-${shortage}`, !shortage);

  if (local === undefined || (wave && !plan)) return <Spinner label={T.loading} />;
  if (!wave) return <ErrorBox>{T.waveNotFound}</ErrorBox>;
  if (!wave.pallet_barcode) return <ErrorBox>{T.waveNoPallet}</ErrorBox>;
  if (!plan) return null;
  const confirmed = confirm ? donePick(wave, confirm.key) : null;
  return (
    <>
      <RollingPickingView
        palletBarcode={wave.pallet_barcode}
        plan={plan}
        phase={confirm ? 'confirm_corner' : phase}
        positionStored={sameProgress(progressOf(plan, phase), wave.progress)}
        confirm={confirm && confirmed ? { ...confirmed, key: confirm.key, qty: confirm.qty } : null}
        busy={busy}
        scanValue={scanValue}
        onScanValue={setScanValue}
        scanRef={scanRef}
        scanField={scan.field}
        onShortage={() => setShortage(true)}
        onFinish={() => void finish()}
        onBack={onBack}
      />
      {shortage && cur ? (
        <ShortageDialog
          location={cur.stop.location_barcode}
          max={cur.stop.quantity}
          onCancel={() => setShortage(false)}
          onConfirm={(n) => void reportShortage(n)}
        />
      ) : null}
    </>
  );
}
