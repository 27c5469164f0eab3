import { sql } from 'kysely';
import type { PlaceLookupResponse } from '../../../shared/schemas/locations';
import type { Actor } from '../../auth/actor';
import { inScope } from '../../auth/scope';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';
import { STOCK_ROW } from '../stock/working-set';
import { placeRows, toWsLocation } from './working-set';

/**
 * A scanned place a staff device does not hold (an Arbeitsbereich leaves the rest of the warehouse
 * off the device, docs/sync.md "Entities"): the place as the working set sends it and its stock rows
 * in the user's customer scope. The barcode as scanned or in upper case, as the bookings resolve it
 * (stock/inbound-many.ts).
 */
export async function lookupPlace(db: DbOrTrx, actor: Actor, barcode: string): Promise<PlaceLookupResponse> {
  const code = barcode.trim();
  const row = await placeRows(db)
    .where('l.barcode', 'in', [code, code.toUpperCase()])
    .orderBy(sql`l.barcode = ${code}`, 'desc')
    .orderBy('l.id')
    .executeTakeFirst();
  if (!row) throw new AppError('LOCATION_NOT_FOUND', { barcode: code });
  const stock = await db
    .selectFrom('stock')
    .select(STOCK_ROW)
    .where('location_id', '=', row.id)
    .where('quantity', '>', 0)
    .where((eb) => inScope(eb, 'stock.customer_id', actor.scope))
    .orderBy('id')
    .execute();
  return { location: toWsLocation(row), stock };
}
