import { isGermany } from '../../../shared/domain/countries';
import { detailToDimension } from '../../../shared/schemas/freight';
import type { ShipQuery, ShipResponse } from '../../../shared/schemas/shipping';
import type { Actor } from '../../auth/actor';
import type { Trx } from '../../db/index';
import { AppError } from '../../errors';
import { completeShipment, manualShipment, shippableOrder } from '../packing/ship';
import { recordFreightPallets } from './pallets';

/**
 * German freight from the packing station (POST /outbound-orders/{id}/ship
 * with carrier_type=freight): direct via the freight connector,
 * one tracking number per pallet (at least one), packed → shipped with
 * num_pallets and pallet_dimensions stored. Abroad needs a quotation first.
 */
export async function shipFreightGermany(trx: Trx, actor: Actor, id: number, q: ShipQuery): Promise<ShipResponse> {
  const o = await shippableOrder(trx, actor, id, true);
  if (o.claimed) throw new AppError('SHIP_IN_PROGRESS', { number: o.order_number });
  if (!isGermany(o.delivery_country)) throw new AppError('FREIGHT_QUOTE_REQUIRED', { number: o.order_number, country: o.delivery_country });
  await recordFreightPallets(trx, id, q.num_pallets, q.pallet_details ? q.pallet_details.map(detailToDimension) : null);
  return completeShipment(trx, actor, o, manualShipment({ ...q, num_labels: q.num_pallets }));
}
