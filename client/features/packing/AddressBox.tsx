import { countryName } from '../../../shared/domain/countries';
import type { AddressFields } from './useShipping';

/** Display only: the read-only delivery address (name, e-mail if present, street, PLZ/city, country). */
export function AddressBox({ title, address, testId }: { title: string; address: AddressFields; testId?: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid={testId}>
      <p className="font-semibold text-slate-800">{title}</p>
      <p>{address.delivery_name}</p>
      {address.delivery_email ? <p className="text-slate-600">{address.delivery_email}</p> : null}
      <p>{address.delivery_address}</p>
      <p>
        {address.delivery_postal_code} {address.delivery_city}
      </p>
      <p>{countryName(address.delivery_country)}</p>
    </div>
  );
}
