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
  settings: 'Einstellungen',
} as const;

export const UI = {
  // fallback errors (spec part 2 §8: the screen's text when the API gives none)
  saveError: 'Fehler beim Speichern',
  createError: 'Fehler beim Erstellen',
  deleteError: 'Fehler beim Löschen',
  cancelError: 'Fehler beim Stornieren',
  loadOrdersError: 'Fehler beim Laden der Aufträge',
  loadOrderDetailsError: 'Fehler beim Laden der Auftragsdetails',
  loadWavesError: 'Fehler beim Laden der Wellen',
  updateAddressError: 'Fehler beim Aktualisieren der Adresse',
  startPickingError: 'Fehler beim Starten der Kommissionierung',
  shipError: 'Fehler beim Versenden',
  palletLabelsError: 'Fehler beim Erstellen der Palettenlabels',
  loadUsersError: 'Fehler beim Laden der Benutzer',
  createUserError: 'Fehler beim Erstellen des Benutzers',
  loadCustomerDataError: 'Fehler beim Laden der Kundendaten',
  loadStockError: 'Fehler beim Laden des Bestands',
  loadProductDetailsError: 'Fehler beim Laden der Produktdetails',
  loadPalletError: 'Fehler beim Laden der Palette',
  enrichProductsError: 'Fehler beim Anreichern der Produkte',
  // common buttons and words
  save: 'Speichern',
  create: 'Anlegen',
  confirm: 'Bestätigen',
  cancel: 'Abbrechen',
  close: 'Schließen',
  back: 'Zurück',
  next: 'Weiter',
  reset: 'Zurücksetzen',
  release: 'Freigeben',
  resume: 'Fortsetzen',
  loading: 'Lädt …',
  /** The spinner's default label (client/ui/misc.tsx) and the packing station's; written with three dots, unlike `loading`. */
  loadingShort: 'Lädt...',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  activate: 'Aktivieren',
  deactivate: 'Deaktivieren',
  active: 'Aktiv',
  inactive: 'Inaktiv',
  cancelAction: 'Stornieren',
  retry: 'Erneut versuchen',
  completeAction: 'Abschließen',
  /** The tab list's accessible name (client/ui/Tabs.tsx, in the login chunk: so here, not in ./app.ts). */
  tabs: 'Reiter',
  // shared status words of the order and announcement machines
  statusConfirmed: 'Bestätigt',
  statusCompleted: 'Abgeschlossen',
  statusCancelled: 'Storniert',
  statusAvailable: 'Verfügbar',
  statusNew: 'Neu',
  statusPicking: 'In Kommissionierung',
  statusPacked: 'Gepackt',
  statusShipped: 'Versendet',
  /** First step of the scan screens that start with the article (Auslagern, picking). */
  step1ScanEan: 'Schritt 1: EAN scannen',
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
  /** The API client's answer when the server cannot be reached (client/app/api.ts). */
  noConnection: 'Keine Verbindung zum Server',
  passwordChanged: 'Passwort erfolgreich geändert',
  noChangesToSave: 'Keine Änderungen zum Speichern',
  /** Admin banner while demo accounts still accept their published password or QR badge. */
  demoLoginsPublic:
    'Achtung: Die Demo-Zugänge sind öffentlich bekannt (README, Startausgabe). Bitte deren Passwörter und QR-Codes in der Benutzerverwaltung ändern oder die Benutzer deaktivieren:',
} as const;

/**
 * Domain words that many screens, field labels and the server's texts share
 * (column heads, filter labels, form labels). One entry per word.
 */
export const WORDS = {
  order: 'Auftrag',
  orders: 'Aufträge',
  orderNumber: 'Auftragsnummer',
  customer: 'Kunde',
  article: 'Artikel',
  reason: 'Grund',
  difference: 'Differenz',
  addArticle: 'Artikel hinzufügen',
  pieces: 'Stück',
  /** One line of an order (an article with its quantity), not a piece. */
  line: 'Position',
  lines: 'Positionen',
  company: 'Firma',
  warehouse: 'Lager',
  quantity: 'Menge',
  reserved: 'Reserviert',
  totalQuantity: 'Gesamtmenge',
  total: 'Gesamt',
  stock: 'Bestand',
  all: 'Alle',
  products: 'Produkte',
  weight: 'Gewicht',
  count: 'Anzahl',
  place: 'Ort',
  location: 'Lagerort',
  locations: 'Lagerorte',
  batch: 'Charge',
  allCustomers: 'Alle Kunden',
  noProductsFound: 'Keine Produkte gefunden',
  noItems: 'Keine Artikel',
  articleCount: (n: number) => `Artikel (${n})`,
  title: 'Titel',
  type: 'Typ',
  ean: (ean: string) => `EAN ${ean}`,
  user: 'Benutzer',
  time: 'Zeit',
  pallet: 'Palette',
  pallets: 'Paletten',
  palletBarcode: 'Paletten-Barcode',
  scanPallet: 'Palette scannen',
  scanEan: 'EAN scannen',
  scanOrEnterEan: 'EAN scannen oder eingeben',
  scanLocation: 'Lagerplatz scannen',
  search: 'Suchen',
  picker: 'Kommissionierer',
  shortage: 'Fehlmenge',
  reportShortage: 'Fehlmenge melden',
  wave: 'Welle',
  noOpenWaves: 'Keine offenen Wellen',
  created: 'Erstellt',
  actions: 'Aktionen',
  startPicking: 'Kommissionierung starten',
  inbound: 'Einlagern',
  outbound: 'Auslagern',
  searchTerm: 'Suchbegriff',
  filter: 'Filter',
  barcode: 'Barcode',
  status: 'Status',
  start: 'Start',
  period: 'Zeitraum',
  dateFrom: 'Datum von',
  dateTo: 'Datum bis',
  waveId: 'Wellen-ID',
  cartId: 'Wagen-ID',
  lengthCm: 'Länge (cm)',
  widthCm: 'Breite (cm)',
  heightCm: 'Höhe (cm)',
  weightKg: 'Gewicht (kg)',
} as const;

/** Shipping and carrier words: the packing station, freight, the wave builder's filters and the API's field names. */
export const SHIPPING_WORDS = {
  shipping: 'Versand',
  shippingType: 'Versandart',
  parcel: 'Paket',
  freight: 'Spedition',
  carrier: 'Versanddienstleister',
  sender: 'Absender',
  recipient: 'Empfänger',
  deliveryAddress: 'Lieferadresse',
  trackingNumber: 'Tracking-Nummer',
  shipmentNumber: 'Sendungsnummer',
  packageCount: 'Anzahl Pakete',
  palletCount: 'Anzahl Paletten',
  totalWeightGrams: 'Gesamtgewicht (g)',
  createDhlLabels: 'DHL-Labels automatisch erstellen',
  shippingBusy: 'Wird versendet...',
  shipped: (orderNumber: string) => `Auftrag ${orderNumber} versendet`,
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
  places: 'Plätzen',
  /** Under a list that loads its next page on demand. */
  more: 'Mehr laden',
  shown: '{shown} von {total} {items} angezeigt',
} as const;
