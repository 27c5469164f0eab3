/** German validation texts of returns (docs/operations.md "Returns"). */
export const RETURN_VALIDATION = {
  reason: 'Bitte einen gültigen Retourengrund wählen',
  condition: 'Bitte den Zustand wählen (neuwertig, geöffnet, beschädigt)',
  disposition: 'Bitte wählen, was mit der Ware geschieht (einlagern, Sperrlager, entsorgen)',
  order: 'Bitte einen Auftrag angeben',
  items: 'Mindestens ein Artikel ist erforderlich',
  code: 'Bitte eine Auftrags- oder Sendungsnummer angeben',
} as const;
