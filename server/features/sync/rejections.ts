import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { errorText } from '../../../shared/i18n/errors/index';
import { offlineCommandLabel } from '../../../shared/i18n/sync';
import { CompleteReceiptCommand, ReceiveItemOfflineCommand } from '../../../shared/schemas/inbound';
import { PickCommand, SaveProgressCommand, ShortageCommand } from '../../../shared/schemas/picking';
import { ReceiveReturnItemCommand } from '../../../shared/schemas/returns';
import { StockInboundCommand, StockOutboundCommand } from '../../../shared/schemas/stock';
import type { SyncRejection, SyncRejectionFacts, SyncRejectionsQuery } from '../../../shared/schemas/sync-rejections';
import { CompleteWaveCommand, CreateCartCommand } from '../../../shared/schemas/waves';
import { type CustomerScope, inScope } from '../../auth/scope';
import type { Database } from '../../db/schema';
import type { DbOrTrx } from '../../db/index';

/**
 * GET /sync/rejections (docs/operations.md "Alerts"): the refused offline bookings of every
 * device in the window, newest first. A refusal is not customer data itself,
 * but its args are; a staff user limited to some customers sees a refusal only
 * when its args name something of theirs:
 *  - stock.inbound / stock.outbound: args.customer_id
 *  - receipt.*: the announcement's customer (args.notification_id)
 *  - picking.pick / picking.shortage: the order's customer (args.order_id)
 *  - picking.saveProgress / picking.complete: any order of the wave (args.wave_id),
 *    as the stuck-wave alert counts waves
 *  - picking.createCart: any of args.order_ids
 *  - returns.receiveItem: the return's customer (args.return_id)
 *  - products.createManual, stocktake.* (a stocktake counts places, not a customer's goods),
 *    stock.outbound without customer_id, unknown commands and
 *    args that name nothing: no customer to judge by, so only unrestricted users see them.
 * Args are stored as the device sent them (a VALIDATION refusal may hold anything),
 * so ids are read from the JSON only when they are plain whole numbers.
 */
type M = ExpressionBuilder<Database, 'sync_mutations'>;

/** An id from a JSON value, or NULL when the value is no plain whole number (never a cast error). */
const jsonId = (v: RawBuilder<unknown>) =>
  sql<number | null>`CASE WHEN jsonb_typeof(${v}) = 'number' AND (${v})::text ~ '^[0-9]{1,15}$' THEN (${v})::text::bigint END`;
const arg = (path: string) => sql<unknown>`sync_mutations.args #> ${`{${path}}`}::text[]`;

/** Whether a refusal is visible to a user of this scope (the list and the sync_rejected alert count use it). */
export function rejectionVisibleTo(eb: M, scope: CustomerScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  const named = (names: string[], cond: Expression<SqlBool>) => eb.and([eb('sync_mutations.name', 'in', names), cond]);
  const orderInScope = (id: RawBuilder<unknown>) =>
    eb.exists(
      eb
        .selectFrom('outbound_orders as o')
        .select(sql`1`.as('one'))
        .where('o.id', '=', jsonId(id))
        .where((e) => inScope(e, 'o.customer_id', scope)),
    );
  return eb.or([
    named(
      [StockInboundCommand.name, StockOutboundCommand.name],
      eb.exists(
        eb
          .selectFrom('customers as c')
          .select(sql`1`.as('one'))
          .where('c.id', '=', jsonId(arg('customer_id')))
          .where((e) => inScope(e, 'c.id', scope)),
      ),
    ),
    named(
      [ReceiveItemOfflineCommand.name, CompleteReceiptCommand.name],
      eb.exists(
        eb
          .selectFrom('inbound_notifications as n')
          .select(sql`1`.as('one'))
          .where('n.id', '=', jsonId(arg('notification_id')))
          .where((e) => inScope(e, 'n.customer_id', scope)),
      ),
    ),
    named([PickCommand.name, ShortageCommand.name], orderInScope(arg('order_id'))),
    named(
      [ReceiveReturnItemCommand.name],
      eb.exists(
        eb
          .selectFrom('returns as r')
          .select(sql`1`.as('one'))
          .where('r.id', '=', jsonId(arg('return_id')))
          .where((e) => inScope(e, 'r.customer_id', scope)),
      ),
    ),
    named(
      [SaveProgressCommand.name, CompleteWaveCommand.name],
      eb.exists(
        eb
          .selectFrom('picking_wave_orders as wo')
          .innerJoin('outbound_orders as o', 'o.id', 'wo.order_id')
          .select(sql`1`.as('one'))
          .where('wo.wave_id', '=', jsonId(arg('wave_id')))
          .where((e) => inScope(e, 'o.customer_id', scope)),
      ),
    ),
    named(
      [CreateCartCommand.name],
      eb.exists(
        eb
          .selectFrom('outbound_orders as o')
          .select(sql`1`.as('one'))
          .where(
            'o.id',
            'in',
            sql<number>`(SELECT ${jsonId(sql`el`)} FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${arg('order_ids')}) = 'array' THEN ${arg('order_ids')} ELSE '[]'::jsonb END) AS el)`,
          )
          .where((e) => inScope(e, 'o.customer_id', scope)),
      ),
    ),
  ]);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (...vs: unknown[]) => (vs.find((v) => typeof v === 'string') as string | undefined) ?? null;
const num = (...vs: unknown[]) => (vs.find((v) => typeof v === 'number' && Number.isFinite(v)) as number | undefined) ?? null;

/** The key facts of a booking's args (a receipt line keeps them in args.item and names its place by id). */
export function rejectionFacts(args: unknown, itemLocationBarcode: string | null): SyncRejectionFacts {
  const a = isObject(args) ? args : {};
  const item = isObject(a.item) ? a.item : {};
  const orderIds = Array.isArray(a.order_ids) ? a.order_ids : [a.order_id];
  return {
    ean: str(a.ean, a.product_ean, item.ean),
    location_barcode: str(a.location_barcode, itemLocationBarcode),
    quantity: num(a.quantity, a.missing_quantity, item.quantity),
    order_ids: orderIds.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)),
    wave_id: num(a.wave_id),
    notification_id: num(a.notification_id),
  };
}

export async function listSyncRejections(db: DbOrTrx, q: SyncRejectionsQuery, scope: CustomerScope): Promise<SyncRejection[]> {
  const rows = await db
    .selectFrom('sync_mutations')
    .innerJoin('users as u', 'u.id', 'sync_mutations.user_id')
    .select([
      'sync_mutations.client_id',
      'sync_mutations.mutation_id',
      'sync_mutations.created_at',
      'sync_mutations.user_id',
      'sync_mutations.name',
      'sync_mutations.args',
      'sync_mutations.code',
      'sync_mutations.params',
      sql<string>`coalesce(nullif(u.full_name, ''), u.username)`.as('user_name'),
      sql<string | null>`(SELECT l.barcode FROM locations l WHERE l.id = ${jsonId(arg('item,location_id'))})`.as('item_location_barcode'),
    ])
    .where('sync_mutations.status', '=', 'rejected')
    .where('sync_mutations.created_at', '>=', sql<Date>`now() - make_interval(hours => ${q.hours_back})`)
    .where((eb) => rejectionVisibleTo(eb, scope))
    .orderBy('sync_mutations.created_at', 'desc')
    .orderBy('sync_mutations.client_id')
    .orderBy('sync_mutations.mutation_id', 'desc')
    .limit(q.limit)
    .execute();
  return rows.map((r) => {
    const code = r.code ?? 'INTERNAL';
    const params = isObject(r.params) ? r.params : {};
    return {
      mutation_id: Number(r.mutation_id),
      client_id: r.client_id,
      created_at: r.created_at,
      user_id: r.user_id,
      user_name: r.user_name,
      command: r.name,
      command_label: offlineCommandLabel(r.name),
      code,
      params,
      message: errorText(code, params),
      facts: rejectionFacts(r.args, r.item_location_barcode),
    };
  });
}
