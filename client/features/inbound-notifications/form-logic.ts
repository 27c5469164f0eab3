import { VALIDATION } from '../../../shared/i18n/validation';
/** Checks of the announcement form before saving (spec part 2 §5 "Announcement form"); null when fine. */
export function formError(v: { expected_date: string; expected_date_to: string; items: unknown[] }): string | null {
  if (!v.expected_date) return 'Bitte ein Anlieferdatum angeben';
  if (v.expected_date_to && v.expected_date_to < v.expected_date) return VALIDATION.dateToBeforeFrom;
  if (v.items.length === 0) return VALIDATION.itemsRequired;
  return null;
}
