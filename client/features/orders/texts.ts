/** Fallback texts of the spec's error catalogue, Orders row (part 2 §8), and screen texts. */
export const ORDER_ERRORS = {
  countries: 'Fehler beim Laden der Länder',
  list: 'Fehler beim Laden der Aufträge',
  order: 'Fehler beim Laden der Bestellung',
  update: 'Fehler beim Aktualisieren',
  create: 'Fehler beim Erstellen',
  address: 'Fehler beim Aktualisieren der Adresse',
  orderDetails: 'Fehler beim Laden der Bestelldetails',
  orderDetailsStaff: 'Fehler beim Laden der Auftragsdetails',
  startPicking: 'Fehler beim Starten der Kommissionierung',
  cancel: 'Fehler beim Stornieren',
  stock: 'Fehler beim Laden des Bestands',
} as const;

export const ORDER_NOT_FOUND = 'Bestellung nicht gefunden';
export const NO_ORDERS = 'Keine Aufträge gefunden';
