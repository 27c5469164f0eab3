/**
 * German screen texts that more than one place shows: the screens' fallback
 * error texts (when the server sends no detail), common labels and titles,
 * and the messages the server and the screens both word. Written once here
 * so the menu, the dashboard and the page title cannot drift apart.
 */
/**
 * The one German name of each warehouse place: the menu entry, the page
 * title and every link to it read it here.
 */
export const PLACE_NAMES = {
  waveBuilder: 'Wellen planen',
  picking: 'Kommissionierung',
  packing: 'Packstation',
} as const;

export const UI = {
  // fallback errors (spec part 2 §8: the screen's text when the API gives none)
  saveError: 'Fehler beim Speichern',
  createError: 'Fehler beim Erstellen',
  deleteError: 'Fehler beim Löschen',
  cancelError: 'Fehler beim Stornieren',
  loadUsersError: 'Fehler beim Laden der Benutzer',
  createUserError: 'Fehler beim Erstellen des Benutzers',
  loadCustomerDataError: 'Fehler beim Laden der Kundendaten',
  loadStockError: 'Fehler beim Laden des Bestands',
  loadProductDetailsError: 'Fehler beim Laden der Produktdetails',
  enrichProductsError: 'Fehler beim Anreichern der Produkte',
  // common buttons and words
  save: 'Speichern',
  create: 'Anlegen',
  confirm: 'Bestätigen',
  cancel: 'Abbrechen',
  close: 'Schließen',
  back: 'Zurück',
  next: 'Weiter',
  edit: 'Bearbeiten',
  activate: 'Aktivieren',
  deactivate: 'Deaktivieren',
  active: 'Aktiv',
  inactive: 'Inaktiv',
  cancelAction: 'Stornieren',
  completeAction: 'Abschließen',
  // shared status words of the order and announcement machines
  statusConfirmed: 'Bestätigt',
  statusCompleted: 'Abgeschlossen',
  statusCancelled: 'Storniert',
  // labels and titles
  fullName: 'Vollständiger Name',
  complete: 'Vollständig',
  incomplete: 'Unvollständig',
  outboundOrders: 'Ausgangsaufträge',
  locations: 'Lagerplätze',
  ordersOfAllCustomers: 'Aufträge aller freigegebenen Kunden',
  cancelOrder: 'Auftrag stornieren',
  starting: 'wird gestartet',
  withoutBuilding: 'Ohne Gebäude',
  // messages the API answers and the screens show alike
  passwordChanged: 'Passwort erfolgreich geändert',
  noChangesToSave: 'Keine Änderungen zum Speichern',
  /** Admin banner while demo accounts still accept their published password or QR badge. */
  demoLoginsPublic:
    'Achtung: Die Demo-Zugänge sind öffentlich bekannt (README, Startausgabe). Bitte deren Passwörter und QR-Codes in der Benutzerverwaltung ändern oder die Benutzer deaktivieren:',
} as const;

/** The pager under every paged list (client/ui/Pager.tsx). `items` is the dative plural noun. */
export const PAGER = {
  label: 'Seitennavigation',
  previous: UI.back,
  next: UI.next,
  range: 'Zeige {from} bis {to} von {total} {items}',
  page: 'Seite {page}',
  products: 'Produkten',
  orders: 'Aufträgen',
} as const;
