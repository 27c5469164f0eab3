/** Roles and the five access levels every API route and client route declares. */
export const ROLES = ['admin', 'warehouse_manager', 'warehouse_worker', 'customer_user'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  warehouse_manager: 'Lagerleiter',
  warehouse_worker: 'Lagermitarbeiter',
  customer_user: 'Kundenbenutzer',
};

/**
 * public: no login; user: any logged-in user; warehouse: staff; manager: admin
 * or warehouse_manager (e.g. releasing another picker's wave); admin: role admin or is_admin.
 */
export const ACCESS_LEVELS = ['public', 'user', 'warehouse', 'manager', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export interface RoleSubject {
  role: Role;
  is_admin: boolean;
}

export function isAdmin(u: RoleSubject): boolean {
  return u.role === 'admin' || u.is_admin;
}

export function isStaff(u: RoleSubject): boolean {
  return u.is_admin || u.role === 'admin' || u.role === 'warehouse_manager' || u.role === 'warehouse_worker';
}

export function isManagerOrAdmin(u: RoleSubject): boolean {
  return isAdmin(u) || u.role === 'warehouse_manager';
}

export function isCustomerUser(u: RoleSubject): boolean {
  return u.role === 'customer_user' && !u.is_admin;
}

/** Does a user (or nobody) pass an access level? */
export function hasAccess(u: RoleSubject | null, level: AccessLevel): boolean {
  if (level === 'public') return true;
  if (!u) return false;
  if (level === 'user') return true;
  if (level === 'warehouse') return isStaff(u);
  if (level === 'manager') return isManagerOrAdmin(u);
  return isAdmin(u);
}
