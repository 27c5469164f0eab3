import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatMessage } from '../../../shared/i18n/format';
import { PICKING_UI as T } from '../../../shared/i18n/picking-screen';
import { db } from '../../db';
import type { ScanResult, ScanStep } from '../../scan/useScanWorkflow';
import { useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { syncEngine } from '../../sync/engine';
import { ErrorBox, Spinner } from '../../ui/misc';
import { LocalStockError, stockOfProduct } from '../stock/local-stock';
import { completeWaveCommand } from '../waves/offline';
import { localWave } from './local-waves';
import { pickCommand, saveProgressCommand, shortageCommand } from './offline';
import { ShortageDialog, VeDialog } from './PickDialogs';
import { buildItems, type Cursor, hasVe, next, normalize, prev, progressOf, resumePosition, type ScanStepName, type VeRow, veRows } from './pick-steps';
import { fetchProgress } from './picking-api';
import { SinglePickingView } from './SinglePickingView';

type Dialog = { kind: 've'; rows: VeRow[]; target: number } | { kind: 'shortage'; max: number } | null;

const failed = (e: unknown, fallback: string): ScanResult => ({
  ok: false,
  message: e instanceof LocalStockError ? errorText(e.code, e.params) : fallback,
});

/**
 * Single-order picking, the data side: everything from the device's working
 * set (db.waves with the queued picks laid over), so it works without
 * network once the wave is begun. Step 1 scan the EAN, step 2 the place; a
 * correct place books the stop's quantity (after the VE confirmation when
 * the product has a VE) as picking.pick. The position is saved per step
 * (picking.saveProgress) and restored on open. SinglePickingView shows it.
 */
export function SinglePicking({ waveId, userId, onDone }: { waveId: number; userId: number; onDone: (palletBarcode: string) => void }) {
  const local = useLiveQuery(() => localWave(db, waveId), [waveId]);
  const wave = local?.wave;
  const items = useMemo(() => (wave ? buildItems(wave) : []), [wave]);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [step, setStep] = useState<ScanStepName>('ean');
  const [ready, setReady] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [scanValue, setScanValue] = useState('');
  const scanRef = useRef<HTMLInputElement>(null);
  const cur = ready ? normalize(items, cursor ?? { item: 0, loc: 0 }) : null;
  const item = cur ? items[cur.item] : null;
  const stop = item && cur ? item.stops[cur.loc] : null;

  // Resume: the local wave's position (this device's last step), else the server's (another device) when online.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the wave is first there
  useEffect(() => {
    if (!wave || ready) return;
    let cancelled = false;
    void (async () => {
      let progress = wave.progress;
      if (!progress && navigator.onLine) {
        const p = await fetchProgress(waveId).catch(() => null);
        if (p?.has_progress) progress = p;
      }
      if (cancelled) return;
      const r = resumePosition(items, progress);
      setCursor(r.cursor);
      setStep(r.step);
      setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [wave !== undefined]);

  // Progress per step (last write wins): only when the position really changed.
  const saved = useRef<string>('');
  const curItem = cur?.item ?? -1;
  const curLoc = cur?.loc ?? -1;
  useEffect(() => {
    if (!ready || curItem < 0 || !wave || wave.status !== 'picking') return;
    const p = progressOf({ item: curItem, loc: curLoc }, step);
    const key = JSON.stringify(p);
    const was = wave.progress
      ? JSON.stringify(
          progressOf({ item: wave.progress.current_item_index, loc: wave.progress.current_location_index }, wave.progress.scan_step as ScanStepName),
        )
      : '';
    if (key === saved.current || key === was) return;
    saved.current = key;
    void saveProgressCommand
      .enqueue(db, userId, { wave_id: waveId, ...p })
      .then(() => syncEngine.kick())
      .catch((e) => console.warn('save-progress', e));
  }, [ready, curItem, curLoc, step, wave, userId, waveId]);

  const available = useLiveQuery(
    async () => (stop && item ? ((await stockOfProduct(db, item.line.product_ean)).find((r) => r.id === stop.stock_id)?.quantity ?? 0) : undefined),
    [stop?.stock_id, item?.line.product_ean, stop?.quantity],
  );

  // A pick that empties the stop moves the cursor on: keep the state where the screen is.
  useEffect(() => {
    if (curItem >= 0 && (curItem !== cursor?.item || curLoc !== cursor?.loc)) setCursor({ item: curItem, loc: curLoc });
  }, [curItem, curLoc, cursor]);

  const moveTo = (c: Cursor | null) => {
    if (!c) return;
    setCursor(c);
    setStep('ean');
    setScanValue('');
  };

  const pick = async (quantity: number): Promise<ScanResult> => {
    if (!item || !stop) return { ok: false };
    setBusy(true);
    try {
      await pickCommand.enqueue(db, userId, {
        wave_id: waveId,
        order_id: item.order.id,
        product_ean: item.line.product_ean,
        location_barcode: stop.location_barcode,
        quantity,
        batch_number: stop.batch_number || undefined,
      });
      syncEngine.kick();
      setStep('ean');
      setScanValue('');
      return { ok: true, message: formatMessage(T.picked, { qty: quantity, title: item.line.product_title }) };
    } catch (e) {
      return failed(e, T.startError);
    } finally {
      setBusy(false);
    }
  };

  const onLocation = (): ScanResult | Promise<ScanResult> => {
    if (!item || !stop) return { ok: false };
    if (hasVe(item.line)) {
      setDialog({ kind: 've', rows: veRows(item.line, stop.quantity), target: stop.quantity });
      return undefined;
    }
    return pick(stop.quantity);
  };

  const steps: ScanStep[] =
    !item || !stop
      ? []
      : step === 'ean'
        ? [
            {
              kind: 'ean',
              expected: item.line.product_ean,
              onScan: () => {
                setStep('location');
                return { ok: true, message: T.eanOk };
              },
            },
          ]
        : [
            { kind: 'location', expected: stop.location_barcode, onScan: onLocation },
            { kind: 'ean', expected: item.line.product_ean, onScan: () => undefined },
          ];
  const scan = useScanWorkflow({ steps, enabled: dialog === null && steps.length > 0 });
  useKeepFocus(scanRef, `${cur?.item}-${cur?.loc}-${step}-${dialog?.kind}`, dialog === null);

  const reportShortage = async (found: number) => {
    if (!item || !stop) return;
    setDialog(null);
    const missing = stop.quantity - found;
    const args = { wave_id: waveId, order_id: item.order.id, product_ean: item.line.product_ean, location_barcode: stop.location_barcode };
    if (found > 0) {
      const r = await pick(found);
      if (r && !r.ok) return scan.report(r, 'location');
    }
    try {
      await shortageCommand.enqueue(db, userId, { ...args, missing_quantity: missing });
      syncEngine.kick();
      setStep('ean');
      scan.report({ ok: true, message: formatMessage(T.shortageBooked, { missing }) }, 'location');
    } catch (e) {
      scan.report(failed(e, T.startError), 'location');
    }
  };

  const finish = async () => {
    if (!wave) return;
    setBusy(true);
    try {
      await completeWaveCommand.enqueue(db, userId, { wave_id: waveId });
      syncEngine.kick();
      onDone(wave.pallet_barcode ?? '');
    } catch (e) {
      scan.report(failed(e, T.startError));
    } finally {
      setBusy(false);
    }
  };

  if (local === undefined || (wave && !ready)) return <Spinner label={T.loading} />;
  if (!wave) return <ErrorBox>{T.waveNotFound}</ErrorBox>;
  if (!wave.pallet_barcode) return <ErrorBox>{T.waveNoPallet}</ErrorBox>;
  if (!cur && wave.lines.every((l) => l.picked_quantity === 0) && wave.status === 'picking') return <ErrorBox>{T.noLocations}</ErrorBox>;

  return (
    <>
      <SinglePickingView
        palletBarcode={wave.pallet_barcode}
        items={items}
        cursor={cur}
        step={step}
        available={available}
        canBack={cur ? prev(items, cur) !== null : false}
        isLast={cur ? next(items, cur) === null : true}
        busy={busy}
        scanValue={scanValue}
        onScanValue={setScanValue}
        scanRef={scanRef}
        scanField={scan.field}
        onBack={() => cur && moveTo(prev(items, cur))}
        onNext={() => cur && moveTo(next(items, cur))}
        onShortage={() => stop && setDialog({ kind: 'shortage', max: stop.quantity })}
        onFinish={() => void finish()}
      />
      {dialog?.kind === 've' ? (
        <VeDialog
          rows={dialog.rows}
          target={dialog.target}
          onCancel={() => setDialog(null)}
          onConfirm={(total) => {
            setDialog(null);
            void pick(total).then((r) => scan.report(r, 'location'));
          }}
        />
      ) : null}
      {dialog?.kind === 'shortage' && stop ? (
        <ShortageDialog location={stop.location_barcode} max={dialog.max} onCancel={() => setDialog(null)} onConfirm={(n) => void reportShortage(n)} />
      ) : null}
    </>
  );
}
