import { PLACE_NAMES, UI, WORDS } from './ui';
import { errorText } from './errors';
import { VALIDATION } from './validation';
/**
 * German texts of the handheld picking screen (/warehouse/picking; spec
 * part 2 §2 "Picking screen", §4 "Single picking", §5 "Picking scans", §8).
 * Templates take {placeholders} for formatMessage (shared/i18n/format.ts).
 */
export const PICKING_UI = {
  title: PLACE_NAMES.picking,
  selectSubtitle: 'Auftrag wählen oder Welle fortsetzen',
  ordersReady: 'Aufträge bereit zum Kommissionieren',
  openWaves: 'Offene Wellen',
  noOrders: 'Keine kommissionierbaren Aufträge',
  noWaves: WORDS.noOpenWaves,
  notReserved: 'nicht vollständig reserviert',
  /** An order started from the order list or detail outside any wave (docs/fulfilment.md "Released orders"). */
  released: 'Freigegeben',
  releasedHint: 'Kommissionierung gestartet – Einzeln oder Rolling wählen',
  items: '{n} Pos.',
  units: '{n} Stk.',
  single: 'Einzeln',
  rolling: 'Rolling',
  singleOneOrder: 'Einzeln: bitte genau einen Auftrag auswählen',
  selectedCount: '{n} von 4 ausgewählt',
  selectOrder: VALIDATION.rollingOrdersRequired,
  continueWave: UI.resume,
  startWave: WORDS.scanPallet,
  offlineList: 'Offline: nur die Wellen auf diesem Gerät',
  loadOrdersError: UI.loadOrdersError,
  loadWavesError: UI.loadWavesError,

  scanPalletTitle: WORDS.scanPallet,
  scanPalletHint: 'Mehrwegpalette oder Einweg-Barcode (DISP-…) scannen',
  palletBarcode: WORDS.palletBarcode,
  palletPlaceholder: 'PAL-… oder DISP-…',
  selectedOrders: 'Ausgewählte Aufträge',
  itemCount: '{n} Artikel',
  startPicking: WORDS.startPicking,
  back: UI.back,
  startError: UI.startPickingError,
  needsNetwork: 'Zum Starten wird eine Verbindung zum Server gebraucht',

  header: 'Produkt {item} von {items} • Lager {loc} von {locs}',
  step1: 'Schritt 1: EAN scannen',
  step2: 'Schritt 2: Lagerort scannen',
  scanEan: WORDS.scanEan,
  scanLocation: 'Lagerort scannen',
  ean: 'EAN',
  ordered: 'Bestellt',
  shortage: WORDS.shortage,
  location: WORDS.location,
  toPick: 'Zu kommissionieren',
  available: UI.statusAvailable,
  batch: WORDS.batch,
  ve: 'VE-Empfehlung',
  pallet: WORDS.pallet,
  next: UI.next,
  finish: 'Kommissionierung abschließen',
  allPicked: 'Alle Positionen sind kommissioniert',
  reportShortage: WORDS.shortage,
  picked: '{qty} × {title} kommissioniert',
  eanOk: 'Artikel korrekt – jetzt Lagerort scannen',

  veTitle: 'VE bestätigen',
  veHint: 'Anzahl je Verpackungseinheit',
  veTotal: 'Gesamt: {total} von {target} Stück',
  veTooMany: 'Mehr als zu kommissionieren ({target} Stück)',
  veNone: 'Mindestens 1 Stück',
  cancel: UI.cancel,
  confirm: UI.confirm,

  shortageTitle: WORDS.reportShortage,
  shortageHint: 'Wie viele Stück liegen tatsächlich am Lagerort {location}? (0 bis {max})',
  shortageFound: 'Gefunden',
  shortageRange: 'Bitte eine Zahl von 0 bis {max} eingeben',
  shortageBooked: 'Fehlmenge gemeldet: {missing} Stück',

  doneTitle: 'Kommissionierung abgeschlossen',
  palletReady: 'Palette {barcode} bereit zum Packen',
  backToSelect: 'Zur Auftragsauswahl',

  rollingHeader: 'Ort {loc}/{locs} • Pick {pick}/{picks}',
  phaseLocation: 'Zum Lagerort gehen',
  phaseProduct: 'Artikel scannen',
  phaseCorner: 'In Ecke legen',
  scanLocationHint: 'Lagerort-Barcode scannen',
  scanEanHint: 'EAN des Artikels scannen',
  scanAnyHint: 'Beliebigen Code scannen',
  corner: 'Ecke',
  quantity: WORDS.quantity,
  picksHere: 'Picks an diesem Ort',
  andMore: '... und {n} weitere',
  upcoming: 'Als Nächstes',
  noUpcoming: 'Letzter Pick dieser Welle',
  putInCorner: '{qty} {unit} in Ecke {corner} legen',
  cornerOrder: 'Auftrag {order}',
  cornerConfirmed: 'Ecke {corner} bestätigt',
  locationOk: 'Lagerort korrekt – jetzt Artikel scannen',
  rollingEmpty: 'Keine Lagerorte zum Kommissionieren',
  finishing: 'Palette wird abgeschlossen …',
  waveNotFound: errorText('WAVE_NOT_FOUND'),
  waveNoPallet: errorText('WAVE_NO_PALLET'),
  noLocations: 'Keine Lagerorte zum Kommissionieren gefunden',
  noStock: 'Kein Bestand – Artikel ist nicht am Lager verfügbar',
  orderCancelled: 'Auftrag {number} wurde im Büro storniert – nicht mehr kommissionieren',
  resumeError: 'Fehler beim Fortsetzen der Kommissionierung',
  loadWaveError: 'Fehler beim Laden der Wave',
  loading: 'Welle wird geladen …',
} as const;

/**
 * The picking screen's list of refused picking commands (PickRefusals): the
 * reason comes from the error catalogue, these say what the picker does next.
 */
export const PICKING_REFUSALS = {
  title: 'Vom Server abgelehnt ({n})',
  intro: 'Diese Buchungen wurden nicht übernommen und zählen nicht als kommissioniert.',
  hintCancelled: 'Ware zurück an den Lagerort legen – dieser Auftrag wird nicht mehr kommissioniert.',
  hintTaken: 'Die Welle kommissioniert jetzt jemand anderes: bereits entnommene Ware zurücklegen und mit der Schichtleitung klären.',
  hintStock: 'Der Bestand am Lagerort fehlt: Ware zurücklegen, Fehlmenge melden oder am nächsten angebotenen Lagerort kommissionieren.',
  hintOther: 'Bitte prüfen: Ware zurücklegen oder mit der Schichtleitung klären, dann verwerfen oder erneut versuchen.',
} as const;
