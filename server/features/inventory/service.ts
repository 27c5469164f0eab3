import { isCustomerUser } from '../../../shared/domain/roles';
import type { MyStockItem, ProductDetail, RecentMovement, VeUnit } from '../../../shared/schemas/inventory';
import type { Actor } from '../../auth/actor';
import { assertCustomerVisible, type CustomerScope, inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';
import { availability } from '../../../shared/domain/stock-availability';
import { placeBlocked } from '../locations/blocked';
import { locationPathSelect } from '../stock/queries';

/**
 * Stock views (spec part 2: Bestandsübersicht, Mein Bestand, Produktdetail).
 * Every query goes through the actor's customer scope; a customer user is
 * pinned to their own customer whatever customer_id they send, so they never
 * see another customer's names or quantities.
 */

const MOVEMENT_HISTORY_LIMIT = 200;

/** The customers a stock query covers: one (checked; customer users always their own) or the whole scope. */
export function coveredScope(actor: Actor, customerId: number | undefined): CustomerScope {
  const only = isCustomerUser(actor) ? (actor.customer_id ?? null) : (customerId ?? undefined);
  if (only === null) return { kind: 'only', ids: [] };
  if (only === undefined) return actor.scope;
  assertCustomerVisible(actor, only);
  return { kind: 'only', ids: [only] };
}

function username(full: string | null, user: string | null): string | null {
  return full || user || null;
}

export function toRecent(m: {
  id: number;
  movement_type: string;
  quantity: number;
  unit: string;
  location_path: string | null;
  full_name: string | null;
  username: string | null;
  order_id: number | null;
  inbound_notification_id: number | null;
  created_at: Date | string;
}): RecentMovement {
  return {
    id: m.id,
    movement_type: m.movement_type,
    quantity: m.quantity,
    unit: m.unit,
    location_path: m.location_path,
    username: username(m.full_name, m.username),
    order_id: m.order_id,
    inbound_notification_id: m.inbound_notification_id,
    created_at: m.created_at,
  };
}

/** Packaging units (VE): whole boxes / pallets in the available quantity. */
export function veSummary(p: { units_per_box: number | null; boxes_per_pallet: number | null }, available: number): MyStockItem['ve_summary'] {
  const units: VeUnit[] = [];
  if (p.units_per_box && p.units_per_box > 0) {
    units.push({ type: 'box', pieces_per_unit: p.units_per_box, total_quantity: Math.floor(available / p.units_per_box) });
    if (p.boxes_per_pallet && p.boxes_per_pallet > 0) {
      const perPallet = p.units_per_box * p.boxes_per_pallet;
      units.push({ type: 'pallet', pieces_per_unit: perPallet, total_quantity: Math.floor(available / perPallet) });
    }
  }
  return { has_ve: units.length > 0, ve_units: units };
}

export async function productDetails(db: DbOrTrx, actor: Actor, productId: number): Promise<ProductDetail> {
  const product = await db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'ean',
      'image_url',
      'base_unit',
      'units_per_box',
      'boxes_per_pallet',
      'weight_kg',
      'length_cm',
      'width_cm',
      'height_cm',
      'description',
    ])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw new AppError('INVENTORY_PRODUCT_NOT_FOUND', { id: productId });
  const locations = await db
    .selectFrom('stock')
    .innerJoin('locations as l', 'l.id', 'stock.location_id')
    .innerJoin('customers as c', 'c.id', 'stock.customer_id')
    .select([
      'stock.location_id',
      locationPathSelect('stock.location_id').as('location_path'),
      'l.barcode as location_barcode',
      placeBlocked('stock.location_id').as('is_blocked'),
      'stock.customer_id',
      'c.company_name as customer_name',
      'stock.quantity',
      'stock.reserved_quantity',
      'stock.batch_number',
      'stock.expiry_date',
    ])
    .where('stock.product_id', '=', productId)
    .where('stock.quantity', '>', 0)
    .where((eb) => inScope(eb, 'stock.customer_id', actor.scope))
    .orderBy('l.barcode')
    .orderBy('stock.expiry_date')
    .execute();
  const history = await db
    .selectFrom('stock_movements as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('inbound_notifications as n', 'n.id', 'm.inbound_notification_id')
    .select([
      'm.id',
      'm.movement_type',
      'm.quantity',
      'm.unit',
      locationPathSelect('m.location_id').as('location_path'),
      'u.full_name',
      'u.username',
      'm.batch_number',
      'm.notes',
      'm.order_id',
      'm.inbound_notification_id',
      'n.notification_number',
      'm.adjustment_reason',
      'm.created_at',
    ])
    .where('m.product_id', '=', productId)
    .where((eb) => inScope(eb, 'm.customer_id', actor.scope))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(MOVEMENT_HISTORY_LIMIT)
    .execute();
  const places = locations.map(({ is_blocked, ...l }) => ({
    ...l,
    blocked_quantity: availability(l.quantity, l.reserved_quantity, is_blocked).blocked,
    unit: product.base_unit,
    batch_number: l.batch_number || null,
  }));
  return {
    product,
    stock: {
      total_quantity: places.reduce((s, l) => s + l.quantity, 0),
      blocked_quantity: places.reduce((s, l) => s + l.blocked_quantity, 0),
      locations_count: new Set(places.map((l) => l.location_id)).size,
      locations: places,
    },
    movement_history: history.map(({ full_name, username: user, ...m }) => ({
      ...m,
      username: username(full_name, user),
      batch_number: m.batch_number || null,
    })),
  };
}
