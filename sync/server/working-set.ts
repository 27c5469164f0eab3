import { type SqlBool, sql } from 'kysely';
import { isCustomerUser } from '../../shared/domain/roles';
import type { Actor } from '../../server/auth/actor';
import { inScope } from '../../server/auth/scope';
import type { Trx } from '../../server/db/index';
import type { EntityName, PatchOp, WsCustomer, WsLocation, WsProduct, WsStock } from '../protocol';
import type { ChangeWindow } from './change-window';

/**
 * What a device keeps offline, per user. Each source loads one entity:
 * with `since` null the full set (first pull or reset), otherwise only rows
 * changed in that window (puts, and dels for rows that left the set).
 * Deleted rows come from sync_tombstones (read by the pull, not by sources).
 *
 * Later features add their entity with registerWorkingSetSource (e.g. the
 * announcements feature adds 'notification'); a source filters its rows with
 * `since.changed('<table or alias>')` and the actor's customer scope.
 */
export interface WorkingSetSource {
  entity: EntityName;
  load(trx: Trx, actor: Actor, since: ChangeWindow | null): Promise<PatchOp[]>;
}

const put = (entity: EntityName, id: number, data: unknown): PatchOp => ({ op: 'put', entity, id, data });

/** Staff: the whole catalogue (any EAN may arrive). Customer users: the products they have stock of. */
const productSource: WorkingSetSource = {
  entity: 'product',
  async load(trx, actor, since) {
    let q = trx
      .selectFrom('products')
      .select(['id', 'ean', 'title', 'image_url', 'base_unit', 'units_per_box', 'boxes_per_pallet']);
    if (isCustomerUser(actor)) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('stock')
            .select(sql`1`.as('one'))
            .whereRef('stock.product_id', '=', 'products.id')
            .where((e2) => inScope(e2, 'stock.customer_id', actor.scope)),
        ),
      );
      if (since) {
        q = q.where((eb) =>
          eb.or([
            since.changed('products'),
            eb.exists(
              eb
                .selectFrom('stock')
                .select(sql`1`.as('one'))
                .whereRef('stock.product_id', '=', 'products.id')
                .where((e2) => inScope(e2, 'stock.customer_id', actor.scope))
                .where(since.changed('stock')),
            ),
          ]),
        );
      }
    } else if (since) {
      q = q.where(since.changed('products'));
    }
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => put('product', r.id, r satisfies WsProduct));
  },
};

/** Compartments (the scannable places) with their path; customer users only those holding their stock. */
const locationSource: WorkingSetSource = {
  entity: 'location',
  async load(trx, actor, since) {
    let q = trx
      .selectFrom('locations as l')
      .leftJoin('locations as r', (j) => j.on(sql<SqlBool>`r.id = coalesce(l.rack_id, l.id)`))
      .leftJoin('rooms as rm', (j) => j.on(sql<SqlBool>`rm.id = coalesce(l.room_id, r.room_id)`))
      .leftJoin('buildings as b', (j) => j.on(sql<SqlBool>`b.id = coalesce(l.building_id, r.building_id, rm.building_id)`))
      .select([
        'l.id',
        'l.barcode',
        'l.is_active',
        sql<string>`concat_ws(' / ', b.name, rm.name, l.barcode)`.as('path'),
      ])
      .where('l.kind', '=', 'compartment')
      .where('l.barcode', 'is not', null);
    const customer = isCustomerUser(actor);
    if (customer) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('stock')
            .select(sql`1`.as('one'))
            .whereRef('stock.location_id', '=', 'l.id')
            .where((e2) => inScope(e2, 'stock.customer_id', actor.scope)),
        ),
      );
    }
    if (since) {
      // A renamed building or room changes the path of every place in it.
      const parts = [since.changed('l'), since.changed('r'), since.changed('rm'), since.changed('b')];
      q = q.where((eb) =>
        eb.or(
          customer
            ? [
                ...parts,
                eb.exists(
                  eb
                    .selectFrom('stock')
                    .select(sql`1`.as('one'))
                    .whereRef('stock.location_id', '=', 'l.id')
                    .where((e2) => inScope(e2, 'stock.customer_id', actor.scope))
                    .where(since.changed('stock')),
                ),
              ]
            : parts,
        ),
      );
    }
    const rows = await q.orderBy('l.id').execute();
    return rows.map((r) => put('location', r.id, { id: r.id, barcode: r.barcode ?? '', path: r.path, is_active: r.is_active } satisfies WsLocation));
  },
};

/** Stock rows of the visible customers; a row that dropped to 0 leaves the set. */
const stockSource: WorkingSetSource = {
  entity: 'stock',
  async load(trx, actor, since) {
    let q = trx
      .selectFrom('stock')
      .select(['id', 'product_id', 'customer_id', 'location_id', 'batch_number', 'expiry_date', 'quantity', 'reserved_quantity'])
      .where((eb) => inScope(eb, 'stock.customer_id', actor.scope));
    q = since ? q.where(since.changed('stock')) : q.where('quantity', '>', 0);
    const rows = await q.orderBy('id').execute();
    return rows.map((r): PatchOp => (r.quantity > 0 ? put('stock', r.id, r satisfies WsStock) : { op: 'del', entity: 'stock', id: r.id }));
  },
};

/** The customers the user may see (a booking device picks the customer offline). */
const customerSource: WorkingSetSource = {
  entity: 'customer',
  async load(trx, actor, since) {
    let q = trx
      .selectFrom('customers')
      .select(['id', 'customer_number', 'company_name', 'is_active'])
      .where((eb) => inScope(eb, 'customers.id', actor.scope));
    if (since) q = q.where(since.changed('customers'));
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => put('customer', r.id, r satisfies WsCustomer));
  },
};

export const workingSetSources: WorkingSetSource[] = [productSource, locationSource, stockSource, customerSource];

/** Adds (or replaces) the source of an entity. */
export function registerWorkingSetSource(source: WorkingSetSource): void {
  const i = workingSetSources.findIndex((s) => s.entity === source.entity);
  if (i >= 0) workingSetSources[i] = source;
  else workingSetSources.push(source);
}
