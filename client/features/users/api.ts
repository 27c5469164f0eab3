import { useQuery } from '@tanstack/react-query';
import { CustomerList } from '../../../shared/schemas/customers';
import { UserList } from '../../../shared/schemas/users';
import { apiGet } from '../../app/api';

/** Query keys and loaders shared by Benutzer, Kunden and Kundenzugriff. */
export const keys = {
  users: ['auth-users'] as const,
  accessUsers: ['access-users'] as const,
  customers: ['customers'] as const,
  customerUsers: (id: number) => ['customers', id, 'users'] as const,
};

export function useUsers() {
  return useQuery({ queryKey: keys.users, queryFn: () => apiGet('/auth/users', UserList) });
}

export function useCustomers() {
  return useQuery({ queryKey: keys.customers, queryFn: () => apiGet('/customers/', CustomerList) });
}
