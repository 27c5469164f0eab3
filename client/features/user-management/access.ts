import { ACCESS_UI } from '../../../shared/i18n/users';

/** The Kundenzugriff summary of one user (spec part 1 §6). */
export const UNRESTRICTED_LABEL = ACCESS_UI.unrestricted;

export function accessSummary(user: { accessible_customer_ids: number[]; is_exclude: boolean }, customerName: (id: number) => string | undefined): string {
  if (user.accessible_customer_ids.length === 0) return UNRESTRICTED_LABEL;
  const names = user.accessible_customer_ids
    .map((id) => customerName(id) ?? `#${id}`)
    .sort((a, b) => a.localeCompare(b, 'de'))
    .join(', ');
  return user.is_exclude ? ACCESS_UI.allExcept(names) : ACCESS_UI.only(names);
}
