import { useQuery } from '@tanstack/react-query';
import { CustomerList } from '../../../shared/schemas/customers';
import { apiGet } from '../../app/api';

export interface CustomerOption {
  id: number;
  company_name: string;
}

/** The customers the user may see, for the customer filter (GET /customers/); empty when the list cannot be loaded. */
export function useCustomerOptions(enabled = true): CustomerOption[] {
  const q = useQuery({
    queryKey: ['customers', 'options'],
    queryFn: () => apiGet('/customers/?active_only=true', CustomerList),
    enabled,
    staleTime: 5 * 60_000,
  });
  return q.data ?? [];
}
