import { loadActor } from '../auth/users';
import { relocate } from '../features/relocation/service';
import type { Trx } from './index';
import { demoEan } from './seed-data';
import { createRack } from './seed-layout';

/**
 * The quarantine demo (docs/demo-data.md, docs/operations.md "Blocked
 * places"): room "Sperrlager" (S1) in hall H1 is blocked, with rack S
 * (one level, two compartments). One Bluetooth headphone of Schmidt with a
 * crushed box was moved there from A-03-01 by the warehouse manager, the way
 * damaged goods go into quarantine (a relocation): it shows as "gesperrt" in
 * the stock views and is never reserved, picked or taken out.
 */
export async function seedBlockedDemo(trx: Trx, ids: { managerId: number; schmidtId: number; headphonesIndex: number }): Promise<void> {
  const hall = await trx.selectFrom('buildings').select('id').where('building_code', '=', 'H1').executeTakeFirstOrThrow();
  const room = await trx
    .insertInto('rooms')
    .values({ building_id: hall.id, room_code: 'S1', name: 'Sperrlager', room_type: 'ambient', is_blocked: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createRack(trx, 'S', hall.id, room.id, 1, 2, 320, 160);
  const manager = await loadActor(trx, ids.managerId);
  if (!manager) throw new Error('demo manager missing');
  await relocate(trx, manager, {
    ean: demoEan(ids.headphonesIndex),
    customer_id: ids.schmidtId,
    from_location_barcode: 'A-03-01',
    to_location_barcode: 'S-01-01',
    quantity: 1,
    batch_number: null,
  });
}
