import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../shared/i18n/errors/index';
import { formatMessage } from '../../../shared/i18n/format';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { db } from '../../db';
import type { ScanResult, ScanStep } from '../../scan/useScanWorkflow';
import { useKeepFocus, useScanWorkflow } from '../../scan/useScanWorkflow';
import { syncEngine } from '../../sync/engine';
import { ErrorBox, Spinner } from '../../ui/misc';
import { LocalStockError, stockOfProduct } from '../stock/local-stock';
import { completeWaveCommand } from '../waves/offline';
import { localWave } from './local-waves';
import { pickCommand, shortageCommand } from './offline';
import { ShortageDialog, VeDialog } from './PickDialogs';
import { buildItems, type Cursor, hasVe, next, prev, type VeRow, veRows } from './pick-steps';
import { SinglePickingView } from './SinglePickingView';
import { usePickPosition } from './usePickPosition';

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
 * (usePickPosition). A Fehlmenge reported online is synced at once, and the
 * place the server reserved instead is offered next. SinglePickingView shows it.
 */
export function SinglePicking({
  waveId,
  userId,
  onDone,
  onMissing,
}: {
  waveId: number;
  userId: number;
  onDone: (palletBarcode: string) => void;
  /** The device does not hold the wave (any more): 'Wave nicht gefunden'. */
  onMissing: () => void;
}) {
  const T = texts(PICKING_UI);
  const local = useLiveQuery(() => localWave(db, waveId), [waveId]);
  const wave = local?.wave;
  const items = useMemo(() => (wave ? buildItems(wave) : []), [wave]);
  const { cur, step, setStep, ready, moveTo: move, setFocusLine, stored } = usePickPosition(wave, items, waveId, userId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [scanValue, setScanValue] = useState('');
  const scanRef = useRef<HTMLInputElement>(null);
  const item = cur ? items[cur.item] : null;
  const stop = item && cur ? item.stops[cur.loc] : null;

  const available = useLiveQuery(
    async () => (stop && item ? ((await stockOfProduct(db, item.line.product_ean)).find((r) => r.id === stop.stock_id)?.quantity ?? 0) : undefined),
    [stop?.stock_id, item?.line.product_ean, stop?.quantity],
  );

  const moveTo = (c: Cursor | null) => {
    move(c);
    setScanValue('');
  };

  // The device lost the wave (deleted, taken by someone else): say so once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the wave disappearing only
  useEffect(() => {
    if (local === null) onMissing();
  }, [local === null]);

  const pick = async (quantity: number): Promise<ScanResult> => {
    if (!item || !stop) return { ok: false };
    setBusy(true);
    setFocusLine(null);
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
      setStep('ean');
      setScanValue('');
      scan.report({ ok: true, message: formatMessage(T.shortageBooked, { missing }) }, 'location');
      if (!navigator.onLine) return syncEngine.kick();
      // Online: book it now and pull, so the place the server reserved instead is offered next.
      setBusy(true);
      await syncEngine.syncNow();
      setFocusLine(item.line.order_item_id);
      setBusy(false);
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

  return (
    <>
      <SinglePickingView
        palletBarcode={wave.pallet_barcode}
        nothingPicked={wave.lines.every((l) => l.picked_quantity === 0)}
        cancelledOrders={wave.orders.filter((o) => o.status === 'cancelled').map((o) => o.order_number)}
        items={items}
        cursor={cur}
        step={step}
        positionStored={stored}
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
