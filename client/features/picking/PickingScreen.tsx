import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatMessage } from '../../../shared/i18n/format';
import { MAX_ORDERS_PER_WAVE } from '../../../shared/constants';
import { PICKING_UI } from '../../../shared/i18n/picking-screen';
import { texts } from '../../../shared/i18n/translate';
import { ApiError, errorMessage, OFFLINE_TEXT } from '../../app/api';
import { useSession } from '../../app/auth';
import { feedback } from '../../app/feedback';
import { toast } from '../../app/toast';
import { useOnline } from '../../app/useOnline';
import { db } from '../../db';
import { Button } from '../../ui/Button';
import { Card, ErrorBox, Spinner } from '../../ui/misc';
import { localWave } from './local-waves';
import { activeWaveId, continueWave, fetchAvailableOrders, fetchOpenWaves, fetchWave, type PickingMethod, pickingMethodOf, setActiveWave } from './picking-api';
import { PickRefusals } from './PickRefusals';
import { RollingPicking } from './rolling/RollingPicking';
import { ScanPallet } from './ScanPallet';
import type { PalletOrder } from './ScanPalletView';
import { SelectView, type WaveChoice } from './SelectView';
import { SinglePicking } from './SinglePicking';

type Mode =
  | { kind: 'select' }
  | { kind: 'resolving'; waveId: number }
  | { kind: 'pallet'; orders: PalletOrder[]; waveId: number | null; method: PickingMethod }
  | { kind: 'single'; waveId: number }
  | { kind: 'rolling'; waveId: number }
  | { kind: 'done'; barcode: string }
  | { kind: 'error'; message: string };

/**
 * /warehouse/picking (spec part 2 §2 "Picking screen"): select → scan-pallet
 * → single-order or rolling (rolling when created so or holding several orders) → done. `?wave_id=` (from the wave builder's 'Fortsetzen')
 * or the wave kept on the device continues a wave. Online only until the
 * wave is begun; from then on everything comes from the device.
 */
export function PickingScreen() {
  const T = texts(PICKING_UI);
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const search = useSearch({ strict: false }) as { wave_id?: unknown };
  const navigate = useNavigate();
  const online = useOnline();
  const urlWave = Number(search.wave_id);
  const [mode, setMode] = useState<Mode>(() => {
    const id = Number.isInteger(urlWave) && urlWave > 0 ? urlWave : activeWaveId(userId);
    return id ? { kind: 'resolving', waveId: id } : { kind: 'select' };
  });
  const [selected, setSelected] = useState<number[]>([]);

  const orders = useQuery({ queryKey: ['picking-screen', 'orders'], queryFn: fetchAvailableOrders, enabled: mode.kind === 'select' && online });
  const waves = useQuery({ queryKey: ['picking-screen', 'waves', userId], queryFn: () => fetchOpenWaves(userId), enabled: mode.kind === 'select' && online });
  const localWaves = useLiveQuery(() => db.waves.toArray(), []);

  const openWave = async (id: number) => {
    setActiveWave(userId, id);
    void navigate({ to: '/warehouse/picking', search: { wave_id: id }, replace: true });
    const w = await db.waves.get(id);
    setMode({ kind: w ? pickingMethodOf(w) : 'single', waveId: id });
  };
  const toSelect = () => {
    void navigate({ to: '/warehouse/picking', search: {}, replace: true });
    setMode({ kind: 'select' });
  };

  /** 'Wave nicht gefunden' and back to the wave builder (spec part 2 §8). */
  const waveNotFound = () => {
    setActiveWave(userId, null);
    feedback.error();
    toast.error(T.waveNotFound);
    void navigate({ to: '/warehouse/wave-builder' });
  };

  /** Continue a wave: from the device when it holds it begun, else from the server (draft → pallet, ready → begin). */
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a wave is to be resolved
  useEffect(() => {
    if (mode.kind !== 'resolving') return;
    const id = mode.waveId;
    const fromUrl = id === urlWave;
    let cancelled = false;
    void (async () => {
      // The device's view, with its queued picks and completion laid over.
      const local = (await localWave(db, id))?.wave;
      if (cancelled) return;
      if (local?.status === 'completed') {
        setActiveWave(userId, null);
        return toSelect();
      }
      if (local?.status === 'picking') return void openWave(id);
      if (!navigator.onLine) {
        if (fromUrl) setMode({ kind: 'error', message: `${T.resumeError}: ${OFFLINE_TEXT}` });
        else toSelect();
        return;
      }
      try {
        const w = await fetchWave(id);
        if (cancelled) return;
        if (w.status === 'completed') {
          setActiveWave(userId, null);
          return toSelect();
        }
        if (w.status === 'draft') {
          return setMode({ kind: 'pallet', waveId: w.id, orders: w.orders, method: pickingMethodOf(w) });
        }
        if (!w.pallet_barcode) return setMode({ kind: 'error', message: T.waveNoPallet });
        await continueWave(id);
        const now = await db.waves.get(id);
        if (now?.status === 'picking') await openWave(id);
        else setMode({ kind: 'error', message: T.resumeError });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) {
          if (fromUrl) return waveNotFound();
          setActiveWave(userId, null);
          return toSelect();
        }
        setMode({ kind: 'error', message: errorMessage(e, T.resumeError) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [mode]);

  if (!user) return null;
  if (mode.kind === 'resolving') return <Spinner label={T.loading} />;
  if (mode.kind === 'error')
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-3" data-testid="picking-error">
        <ErrorBox>{mode.message}</ErrorBox>
        <Button size="lg" variant="secondary" onClick={toSelect}>
          {T.backToSelect}
        </Button>
      </div>
    );
  const onDone = (barcode: string) => {
    setActiveWave(userId, null);
    void navigate({ to: '/warehouse/picking', search: {}, replace: true });
    setMode({ kind: 'done', barcode });
  };
  if (mode.kind === 'single')
    return (
      <>
        <PickRefusals waveId={mode.waveId} />
        <SinglePicking key={mode.waveId} waveId={mode.waveId} userId={userId} onMissing={waveNotFound} onDone={onDone} />
      </>
    );
  if (mode.kind === 'rolling')
    return (
      <>
        <PickRefusals waveId={mode.waveId} />
        <RollingPicking key={mode.waveId} waveId={mode.waveId} userId={userId} onDone={onDone} onBack={toSelect} />
      </>
    );
  if (mode.kind === 'done')
    return (
      <>
        <PickRefusals />
        <Card className="mx-auto flex max-w-xl flex-col items-center gap-3 p-6 text-center" data-testid="picking-done">
          <CheckCircle2 className="h-14 w-14 text-emerald-600" aria-hidden />
          <h1 className="text-xl font-bold">{T.doneTitle}</h1>
          <p className="text-lg" data-testid="picking-done-message">
            {formatMessage(T.palletReady, { barcode: mode.barcode })}
          </p>
          <Button size="lg" className="w-full" onClick={toSelect} data-testid="picking-done-back">
            {T.backToSelect}
          </Button>
        </Card>
      </>
    );
  if (mode.kind === 'pallet')
    return <ScanPallet orders={mode.orders} waveId={mode.waveId} method={mode.method} onStarted={(id) => void openWave(id)} onBack={toSelect} />;

  const refuse = (text: string) => {
    feedback.error();
    toast.error(text);
  };
  const chosen = selected.map((id) => orders.data?.orders.find((x) => x.id === id)).filter((o) => o !== undefined);

  const deviceWaves: WaveChoice[] | undefined = localWaves?.filter((w) => w.status === 'picking' || w.status === 'ready');
  const waveList: WaveChoice[] | undefined = online ? waves.data : deviceWaves;
  return (
    <>
      <PickRefusals />
      <SelectView
        orders={online ? orders.data?.orders : null}
        ordersError={orders.error ? errorMessage(orders.error, T.loadOrdersError) : waves.error ? errorMessage(waves.error, T.loadWavesError) : null}
        waves={waveList}
        offline={!online}
        selected={selected}
        onSelect={(id) => {
          if (selected.includes(id)) return setSelected(selected.filter((x) => x !== id));
          if (selected.length >= MAX_ORDERS_PER_WAVE) return refuse(T.tooManyOrders);
          setSelected([...selected, id]);
        }}
        onSingle={() => {
          if (chosen.length === 0) return refuse(T.selectOrder);
          if (chosen.length > 1) return refuse(T.singleOneOrder);
          setMode({ kind: 'pallet', waveId: null, orders: chosen, method: 'single' });
        }}
        onRolling={() => {
          if (chosen.length === 0) return refuse(T.selectOrder);
          setMode({ kind: 'pallet', waveId: null, orders: chosen, method: 'rolling' });
        }}
        onWave={(w) => setMode({ kind: 'resolving', waveId: w.id })}
      />
    </>
  );
}
