import type { Generated } from 'kysely';
import type { Role } from '../../../shared/domain/roles';
import type { Language } from '../../../shared/i18n/languages';
import type { Timestamp, TimestampDefault, Version } from './columns';

/** Table types: customers, users and their access, login attempts, API keys. */

export interface CustomersTable {
  id: Generated<number>;
  customer_number: string;
  company_name: string;
  contact_person: string | null;
  email: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postal_code: string | null;
  city: string | null;
  country: Generated<string>;
  notes: string | null;
  is_active: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  change_version: Version;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  full_name: string | null;
  password_hash: string | null;
  qr_token_hash: string | null;
  is_admin: Generated<boolean>;
  role: Role;
  customer_id: number | null;
  is_active: Generated<boolean>;
  is_exclude: Generated<boolean>;
  sound_enabled: Generated<boolean>;
  /** Handheld language (shared/i18n/languages.ts). */
  language: Generated<Language>;
  /** Raised by a password change or reset; tokens carrying an older value are refused. */
  session_version: Generated<number>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface UserCustomerAccessTable {
  user_id: number;
  customer_id: number;
}

/** The Arbeitsbereich of a staff user: the rooms whose places their handheld holds (none = the whole warehouse). */
export interface UserRoomsTable {
  user_id: number;
  room_id: number;
}

export interface LoginAttemptsTable {
  key: string;
  failures: Generated<number>;
  window_start: TimestampDefault;
  locked_until: Timestamp | null;
}

/** A customer's API key: only its SHA-256 is stored (docs/operations.md "API keys"). */
export interface ApiKeysTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: number;
  created_at: TimestampDefault;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}
