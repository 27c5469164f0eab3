import { useQuery } from '@tanstack/react-query';
import { CustomerList } from '../../../shared/schemas/customers';
import { apiGet } from '../../app/api';

/** Query keys and the loader of the customer list (Kunden, Kundenzugriff, Benutzer). */
export const customerKeys = {
  customers: ['customers'] as const,
  customerUsers: (id: number) => ['customers', id, 'users'] as const,
  customerRates: (id: number) => ['customers', id, 'rates'] as const,
};

export function useCustomers() {
  return useQuery({ queryKey: customerKeys.customers, queryFn: () => apiGet('/customers/', CustomerList) });
}
