import { WORDS } from '../../../shared/i18n/ui';
import { Select } from '../../ui/Field';
import type { CustomerOption } from './useCustomerOptions';

/** The staff screens' customer filter: "Alle Kunden" or one customer (value '' or the id as text). */
export function CustomerFilterSelect({
  customers,
  value,
  onChange,
  label,
  testId,
}: {
  customers: CustomerOption[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId?: string;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className="sm:w-64" data-testid={testId}>
      <option value="">{WORDS.allCustomers}</option>
      {customers.map((c) => (
        <option key={c.id} value={c.id}>
          {c.company_name}
        </option>
      ))}
    </Select>
  );
}
