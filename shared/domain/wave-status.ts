import { isManagerOrAdmin, type RoleSubject } from './roles';
import { UI } from '../i18n/ui';

/**
 * The picking wave status machine (docs/fulfilment.md "Waves"):
 *
 *   draft ──start(pallet)──▶ ready ──begin-picking──▶ picking ──complete──▶ completed
 *     └── DELETE (draft only; its orders become free again)
 *
 * The spec's word "started" is `ready`. Repeats are harmless where the
 * rules allow it: `complete` on a completed wave and `begin-picking` by the
 * picker who already holds the wave answer the wave unchanged; `start` with
 * the pallet the wave already carries is a replay. Who holds a wave: once a
 * picker has begun it, begin-picking, pick, shortage, save-progress and
 * complete by anyone else are WAVE_TAKEN (a manager or admin may still take
 * it over with begin-picking, or `release` it: the picker is cleared and the
 * next begin-picking takes it). The server enforces this table; the screens
 * ask it which buttons to show.
 */
export const WAVE_STATUSES = ['draft', 'ready', 'picking', 'completed'] as const;
export type WaveStatus = (typeof WAVE_STATUSES)[number];

export const WAVE_STATUS_LABELS: Record<WaveStatus, string> = {
  draft: 'Entwurf',
  ready: 'Gestartet',
  picking: UI.statusPicking,
  completed: UI.statusCompleted,
};

/** Waves the wave builder lists (spec §4: "Only draft, ready and picking waves are listed"). */
export const OPEN_WAVE_STATUSES: readonly WaveStatus[] = ['draft', 'ready', 'picking'];

export const WAVE_CREATION_METHODS = ['manual', 'suggestion', 'single', 'rolling'] as const;
export type WaveCreationMethod = (typeof WAVE_CREATION_METHODS)[number];

/** Pallet corners, assigned in the order the orders are listed (first order A). */
export const PALLET_CORNERS = ['A', 'B', 'C', 'D'] as const;
export type PalletCorner = (typeof PALLET_CORNERS)[number];

export function cornerOf(position: number): PalletCorner {
  const c = PALLET_CORNERS[position];
  if (!c) throw new RangeError(`no pallet corner for position ${position}`);
  return c;
}

/** Orders in these statuses may join a wave. */
export const WAVE_ELIGIBLE_ORDER_STATUSES = ['new', 'confirmed'] as const;

/**
 * A "released" order: moved to `picking` by start-picking (order list or
 * detail) outside any wave, picking not ended. It may join a wave like a
 * `confirmed` one, so no order is ever in `picking` without a way to be
 * picked. (An order whose wave was completed has picking_completed_at.)
 * The caller checks that no open wave holds it.
 */
export function isReleasedOrder(o: { status: string; picking_completed_at: unknown }): boolean {
  return o.status === 'picking' && (o.picking_completed_at === null || o.picking_completed_at === undefined);
}

/** May the order join a wave (status only; the open-wave check is the caller's)? */
export function isWaveEligibleOrder(o: { status: string; picking_completed_at: unknown }): boolean {
  return (WAVE_ELIGIBLE_ORDER_STATUSES as readonly string[]).includes(o.status) || isReleasedOrder(o);
}

export type WaveAction = 'start' | 'begin_picking' | 'complete' | 'delete' | 'pick' | 'save_progress' | 'create_cart' | 'release';

export const WAVE_ACTION_LABELS: Record<WaveAction, string> = {
  start: 'Starten',
  begin_picking: 'Kommissionierung beginnen',
  complete: 'Abschließen',
  delete: 'Löschen',
  pick: 'Kommissionieren',
  save_progress: 'Fortschritt speichern',
  create_cart: 'Ecken zuordnen',
  release: 'Freigeben',
};

/** Per action: the states it may run from. */
const WAVE_RULES: Record<WaveAction, readonly WaveStatus[]> = {
  start: ['draft'],
  begin_picking: ['ready', 'picking'],
  complete: ['picking', 'completed'],
  delete: ['draft'],
  pick: ['picking'],
  save_progress: ['ready', 'picking'],
  create_cart: ['ready', 'picking'],
  release: ['picking'],
};

/** The status an action leads to (absent: the status stays). */
export const WAVE_TARGET = {
  start: 'ready',
  begin_picking: 'picking',
  complete: 'completed',
} as const satisfies Partial<Record<WaveAction, WaveStatus>>;

export function canDoWaveAction(status: WaveStatus, action: WaveAction): boolean {
  return WAVE_RULES[action].includes(status);
}

/** May `user` take over or release a wave another picker holds? Managers and admins may. */
export function canReleaseWave(user: RoleSubject): boolean {
  return isManagerOrAdmin(user);
}

/** What the wave builder offers (spec §2): draft 'Starten' and delete, ready/picking 'Fortsetzen'. */
export function waveBuilderActions(status: WaveStatus): Array<'start' | 'delete' | 'continue'> {
  if (status === 'draft') return ['start', 'delete'];
  if (status === 'ready' || status === 'picking') return ['continue'];
  return [];
}

/** Wave numbers W-YYYY-NNNNNN; a wave created without a name is called 'Welle W-…'. */
export function defaultWaveName(waveNumber: string): string {
  return `Welle ${waveNumber}`;
}
