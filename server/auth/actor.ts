import type { Role } from '../../shared/domain/roles';
import type { CustomerScope } from './scope';

/** The authenticated user of a request, from the database or the actor cache (server/auth/actor-cache.ts). */
export interface Actor {
  id: number;
  username: string;
  email: string | null;
  full_name: string | null;
  role: Role;
  is_admin: boolean;
  customer_id: number | null;
  scope: CustomerScope;
  /**
   * The Arbeitsbereich: the rooms whose places the handheld holds (docs/sync.md "Entities").
   * Absent or null: the whole warehouse; always null for customer users.
   */
  work_rooms?: readonly number[] | null;
  /** users.session_version: a token must carry this value (its `sv` claim) to authenticate. */
  session_version: number;
  /** Set when the request authenticated with a customer's API key (server/auth/api-keys.ts), not a login. */
  api_key_id?: number;
}
