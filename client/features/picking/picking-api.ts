import { z } from 'zod';
import { OPEN_WAVE_STATUSES } from '../../../shared/domain/wave-status';
import { DISPOSABLE_PALLET_STATUS_LABELS, PALLET_STATUS_LABELS } from '../../../shared/domain/pallets';
import { errorText } from '../../../shared/i18n/errors/index';
import { PALLET_INACTIVE_LABELS } from '../../../shared/i18n/errors/refusal-words';
import { AvailableOrdersResponse } from '../../../shared/schemas/wave-planning';
import { DisposablePallet, Pallet } from '../../../shared/schemas/pallets';
import type { WsWave } from '../../../shared/schemas/picking';
import { PickingWave, PickingWaveList, WaveProgress } from '../../../shared/schemas/waves';
import { ApiError, apiGet, apiPost, qs } from '../../app/api';
import { db } from '../../db';
import { syncEngine } from '../../sync/engine';

/**
 * The online part of the picking screen: what to choose from, the pallet
 * check and starting a wave. Everything after begin-picking runs from the
 * device's working set (db.waves) and the offline commands.
 */

export const fetchAvailableOrders = () => apiGet('/picking-waves/available-orders', AvailableOrdersResponse);

/** Open waves this picker may take: draft, or ready/picking held by them or nobody. */
export async function fetchOpenWaves(userId: number): Promise<PickingWave[]> {
  const all = await apiGet('/picking-waves/', PickingWaveList);
  return all.filter((w) => OPEN_WAVE_STATUSES.includes(w.status) && (w.status === 'draft' || w.picker_user_id === null || w.picker_user_id === userId));
}

export const fetchWave = (id: number) => apiGet(`/picking-waves/${id}`, PickingWave);
export const fetchProgress = (id: number) => apiGet(`/picking-waves/${id}/get-progress`, WaveProgress);

/** Where a wave was left: this device's saved position, else (online) the server's, from another device; null when none. */
export async function savedProgress(wave: WsWave) {
  if (wave.progress || !navigator.onLine) return wave.progress;
  const p = await fetchProgress(wave.id).catch(() => null);
  return p?.has_progress ? p : null;
}

/** A pallet may be used only when it is available (reusable: also active); null when it may, else the spec's German text. */
export async function checkPallet(barcode: string): Promise<string | null> {
  if (barcode.toUpperCase().startsWith('DISP-')) {
    const p = await apiGet(`/disposable-pallets/barcode/${encodeURIComponent(barcode)}`, DisposablePallet);
    if (p.status === 'available') return null;
    return errorText('DISPOSABLE_PALLET_NOT_AVAILABLE', { barcode: p.barcode, status: DISPOSABLE_PALLET_STATUS_LABELS[p.status], status_code: p.status });
  }
  const p = await apiGet(`/pallets/${encodeURIComponent(barcode)}`, Pallet);
  if (p.status === 'available' && p.active) return null;
  return errorText('PALLET_NOT_AVAILABLE', {
    barcode: p.barcode,
    status: p.active ? PALLET_STATUS_LABELS[p.status] : PALLET_INACTIVE_LABELS.inactive,
    status_code: p.active ? p.status : 'inactive',
  });
}

const Ignored = z.unknown();

/** How the select view starts picking: one order, or 1–4 orders onto the pallet's corners. */
export type PickingMethod = 'single' | 'rolling';

/** A wave of several orders goes onto the pallet corners (rolling), also when it was planned in the wave builder. */
export const pickingMethodOf = (w: { creation_method: string; orders: readonly unknown[] }): PickingMethod =>
  w.creation_method === 'rolling' || w.orders.length > 1 ? 'rolling' : 'single';

/** The wave's status after begin-picking; the call's own failure is only logged (spec §4), the pull decides. */
async function beginPicking(id: number): Promise<void> {
  try {
    await apiPost(`/picking-waves/${id}/begin-picking`, undefined, Ignored);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'WAVE_TAKEN') throw e;
    console.warn('begin-picking failed', e);
  }
}

/** Pulls until the device holds the wave in `picking` (a few tries: the push lock may be busy). */
export async function pullWave(id: number): Promise<boolean> {
  for (let i = 0; i < 3; i++) {
    await syncEngine.syncNow().catch(() => undefined);
    const w = await db.waves.get(id);
    if (w && w.status === 'picking') return true;
  }
  return false;
}

/**
 * Starting from the scan-pallet screen: create the wave where there is none
 * (creation_method single or rolling, as chosen), start it with the pallet, begin picking, pull.
 * `onCreated` keeps a created wave, so a failed start is retried on it.
 */
export async function startPicking(v: {
  waveId: number | null;
  orderIds: number[];
  method: PickingMethod;
  pallet: string;
  onCreated: (id: number) => void;
}): Promise<number> {
  let id = v.waveId;
  if (id === null) {
    const w = await apiPost(`/picking-waves/${qs({ order_ids: v.orderIds.join(','), creation_method: v.method })}`, undefined, PickingWave);
    id = w.id;
    v.onCreated(id);
  }
  const wave = await fetchWave(id);
  if (wave.status === 'draft') await apiPost(`/picking-waves/${id}/start${qs({ pallet_barcode: v.pallet })}`, undefined, Ignored);
  await beginPicking(id);
  await pullWave(id);
  return id;
}

/** Continuing a ready wave (started in the wave builder): begin picking, pull. */
export async function continueWave(id: number): Promise<void> {
  await beginPicking(id);
  await pullWave(id);
}

// ─── the active wave on this device (spec §4: kept in local storage) ───

const key = (userId: number) => `lagerwerk.picking.activeWave.${userId}`;

export function activeWaveId(userId: number): number | null {
  const v = Number(localStorage.getItem(key(userId)));
  return Number.isInteger(v) && v > 0 ? v : null;
}

export function setActiveWave(userId: number, id: number | null): void {
  if (id === null) localStorage.removeItem(key(userId));
  else localStorage.setItem(key(userId), String(id));
}
