import { isCustomerUser, isManagerOrAdmin, isStaff, type RoleSubject } from './roles';
import { UI, WORDS } from '../i18n/ui';

/**
 * The outbound order (Ausgangsauftrag) status machine, spec part 2 §4.
 *
 *   new ──confirm──▶ confirmed ──start_picking──▶ picking ──mark_packed──▶ packed ──ship──▶ shipped ──complete──▶ completed
 *    │                  │                           │   └─complete_picking (stays picking, records the end of picking)
 *    └──────────────────┴──────── cancel ───────────┘──▶ cancelled
 *
 * One table decides who may do what in which state. The server refuses a
 * wrong role with 403 and a wrong state with 409 (German detail); the screens
 * ask the same functions which buttons to offer.
 *
 * Decisions (the spec leaves them open):
 *  - complete-picking does NOT move the order to packed. The spec's packing
 *    station marks orders packed (mark-packed) and says "packed orders are not
 *    marked packed again", so packed is reached at packing. complete-picking
 *    only records that picking ended (picking_completed_at); the order stays in
 *    `picking` and is ready for the packing station. Repeating it is harmless.
 *  - Cancelling: customers only while `new`; staff while new, confirmed or
 *    picking (not once packed, shipped or completed). Cancelling releases the
 *    order's remaining reservations.
 *  - Editing items: customers while `new`; admin and warehouse_manager while
 *    `new` or `confirmed` (fixing orders the wave builder finds unpickable).
 *    Warehouse workers do not edit lines.
 *  - Completing a shipped order: admin and warehouse_manager only (and the
 *    nightly completion, which acts without a user).
 *  - The delivery address may be changed by staff (admin, warehouse_manager,
 *    warehouse_worker, is_admin) unless shipped, cancelled or completed.
 */

export const ORDER_STATUSES = ['new', 'confirmed', 'picking', 'packed', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: UI.statusNew,
  confirmed: UI.statusConfirmed,
  picking: UI.statusPicking,
  packed: UI.statusPacked,
  shipped: UI.statusShipped,
  completed: UI.statusCompleted,
  cancelled: UI.statusCancelled,
};

/** Statuses that count as "open" in the list filter (everything not finished). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['new', 'confirmed', 'picking', 'packed'];

export const ORDER_STATUS_FILTERS = ['open', 'completed', 'new', 'confirmed', 'picking', 'packed', 'shipped', 'all'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const ORDER_STATUS_FILTER_LABELS: Record<OrderStatusFilter, string> = {
  open: 'Offen',
  completed: UI.statusCompleted,
  new: UI.statusNew,
  confirmed: UI.statusConfirmed,
  picking: UI.statusPicking,
  packed: UI.statusPacked,
  shipped: UI.statusShipped,
  all: WORDS.all,
};

/** The statuses a list filter matches. `completed` shows finished orders only (not cancelled). */
export function statusesForFilter(filter: OrderStatusFilter): readonly OrderStatus[] {
  if (filter === 'all') return ORDER_STATUSES;
  if (filter === 'open') return OPEN_ORDER_STATUSES;
  return [filter];
}

export type OrderAction = 'edit' | 'cancel' | 'confirm' | 'start_picking' | 'complete_picking' | 'mark_packed' | 'ship' | 'complete' | 'edit_address';

/** German names of the actions, for the 409 detail ("… Bestätigen ist nicht möglich"). */
export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  edit: UI.edit,
  cancel: UI.cancelAction,
  confirm: UI.confirm,
  start_picking: 'Kommissionierung starten',
  complete_picking: 'Kommissionierung abschließen',
  mark_packed: 'Als gepackt markieren',
  ship: 'Versenden',
  complete: UI.completeAction,
  edit_address: 'Adresse ändern',
};

/**
 * Per action: the states each kind of user may do it from (absent = not
 * allowed for that kind). `staff` is every warehouse role; `manager` (admin,
 * warehouse_manager) replaces it for those roles where present.
 */
const RULES: Record<OrderAction, { customer?: readonly OrderStatus[]; staff?: readonly OrderStatus[]; manager?: readonly OrderStatus[] }> = {
  edit: { customer: ['new'], manager: ['new', 'confirmed'] },
  cancel: { customer: ['new'], staff: ['new', 'confirmed', 'picking'] },
  confirm: { staff: ['new'] },
  start_picking: { staff: ['confirmed'] },
  complete_picking: { staff: ['picking'] },
  mark_packed: { staff: ['picking'] },
  ship: { staff: ['packed'] },
  complete: { manager: ['shipped'] },
  edit_address: { staff: ['new', 'confirmed', 'picking', 'packed'] },
};

/**
 * The state an action leads to; complete_picking and the edits keep the state.
 * The server's order transition writes exactly this status (see
 * server/features/outbound-orders/service.ts), so the machine has one table.
 */
export const ORDER_TARGET = {
  cancel: 'cancelled',
  confirm: 'confirmed',
  start_picking: 'picking',
  mark_packed: 'packed',
  ship: 'shipped',
  complete: 'completed',
} as const satisfies Partial<Record<OrderAction, OrderStatus>>;

/** The status `action` moves an order to, or undefined when the action keeps the status. */
export function orderTargetStatus(action: OrderAction): OrderStatus | undefined {
  const targets: Partial<Record<OrderAction, OrderStatus>> = ORDER_TARGET;
  return targets[action];
}

export function isOrderStatus(s: string): s is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(s);
}

export function orderStatusLabel(s: string): string {
  return isOrderStatus(s) ? ORDER_STATUS_LABELS[s] : s;
}

function statesFor(user: RoleSubject, action: OrderAction): readonly OrderStatus[] | undefined {
  const rule = RULES[action];
  if (isCustomerUser(user)) return rule.customer;
  if (isManagerOrAdmin(user) && rule.manager) return rule.manager;
  if (isStaff(user)) return rule.staff;
  return undefined;
}

export type OrderActionCheck = { ok: true } | { ok: false; reason: 'role' | 'status' };

/** Whether `user` may do `action` on an order in `status`; the reason when not. Role is checked first. */
export function checkOrderAction(user: RoleSubject, status: string, action: OrderAction): OrderActionCheck {
  const from = statesFor(user, action);
  if (!from) return { ok: false, reason: 'role' };
  if (!isOrderStatus(status) || !from.includes(status)) return { ok: false, reason: 'status' };
  return { ok: true };
}

export function canDoOrderAction(user: RoleSubject, status: string, action: OrderAction): boolean {
  return checkOrderAction(user, status, action).ok;
}

/** The actions a user is offered on an order in `status` (what the screens show). */
export function allowedOrderActions(user: RoleSubject, status: string): OrderAction[] {
  return (Object.keys(RULES) as OrderAction[]).filter((a) => canDoOrderAction(user, status, a));
}

/**
 * "Kommissionierung starten" for a selection (spec §4): a new order is
 * confirmed first, a confirmed one goes straight to start-picking, anything
 * else (already picking, packed, …) is skipped. Returns the calls in order.
 */
export function pickingStartSteps(status: string): Array<'confirm' | 'start_picking'> {
  if (status === 'new') return ['confirm', 'start_picking'];
  if (status === 'confirmed') return ['start_picking'];
  return [];
}

/** Badge colour per status (screens). */
export const ORDER_STATUS_TONES: Record<OrderStatus, 'gray' | 'blue' | 'green' | 'amber' | 'red' | 'purple'> = {
  new: 'blue',
  confirmed: 'purple',
  picking: 'amber',
  packed: 'amber',
  shipped: 'green',
  completed: 'gray',
  cancelled: 'red',
};
