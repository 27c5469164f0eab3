import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxEntry } from '../../db';
import { type LocalProduct, type LocationAvailability, stockDevice } from './device';
import type { WsCustomer } from '../../../shared/schemas/customers';

/** Small live views of the local working set (Dexie), re-rendered when a pull or a booking changes it. */

export function useCustomers(): WsCustomer[] | undefined {
  return useLiveQuery(
    async () => (await db.customer.toArray()).filter((c) => c.is_active).sort((a, b) => a.company_name.localeCompare(b.company_name, 'de')),
    [],
  );
}

export function useWorkingSetSize(): number | undefined {
  return useLiveQuery(() => db.locations.count(), []);
}

export function useLocalProduct(ean: string | null): LocalProduct | null | undefined {
  return useLiveQuery(async () => (ean ? stockDevice.findProduct(ean) : null), [ean]);
}

/** Places holding the article; undefined while loading, also right after the EAN changed (not the previous article's places). */
export function useAvailability(ean: string | null): LocationAvailability[] | undefined {
  const r = useLiveQuery(async () => ({ ean, rows: ean ? await stockDevice.availability(ean) : [] }), [ean]);
  return r && r.ean === ean ? r.rows : undefined;
}

/** One outbox entry; null once it is gone (acknowledged and covered by a pull). */
export function useOutboxEntry(key: [string, number] | null): OutboxEntry | null | undefined {
  return useLiveQuery(async () => (key ? ((await db.outbox.get(key)) ?? null) : null), [key?.[0], key?.[1]]);
}

const LAST_CUSTOMER_KEY = 'lagerwerk.inbound.customer';
export function lastCustomer(): number | null {
  const v = Number(localStorage.getItem(LAST_CUSTOMER_KEY));
  return Number.isInteger(v) && v > 0 ? v : null;
}
export function rememberCustomer(id: number | null): void {
  if (id) localStorage.setItem(LAST_CUSTOMER_KEY, String(id));
}
