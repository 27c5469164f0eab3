import { useQuery } from '@tanstack/react-query';
import { UserList } from '../../../shared/schemas/users';
import { apiGet } from '../../app/api';

/** Query keys and the loader of the user lists (Benutzer, Kundenzugriff). */
export const keys = {
  users: ['auth-users'] as const,
  accessUsers: ['access-users'] as const,
};

export function useUsers() {
  return useQuery({ queryKey: keys.users, queryFn: () => apiGet('/auth/users', UserList) });
}
