/** Checks of the announcement form before saving (spec part 2 §5 "Announcement form"); null when fine. */
export function formError(v: { expected_date: string; expected_date_to: string; items: unknown[] }): string | null {
  if (!v.expected_date) return 'Bitte ein Anlieferdatum angeben';
  if (v.expected_date_to && v.expected_date_to < v.expected_date) return 'Das Enddatum darf nicht vor dem Anlieferdatum liegen';
  if (v.items.length === 0) return 'Bitte mindestens einen Artikel hinzufügen';
  return null;
}
