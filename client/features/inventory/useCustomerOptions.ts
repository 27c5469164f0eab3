import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export interface CustomerOption {
  id: number;
  company_name: string;
}

/** The customers the user may see, for the customer filter (GET /customers/); empty when the list cannot be loaded. */
export function useCustomerOptions(enabled = true): CustomerOption[] {
  const q = useQuery({
    queryKey: ['customers', 'options'],
    queryFn: () => api.get<CustomerOption[]>('/customers/?active_only=true'),
    enabled,
    staleTime: 5 * 60_000,
  });
  return q.data ?? [];
}
