import { FIELD_LABELS } from './fields';
import { WORDS } from './ui';
import { SCREEN_TITLES } from './titles';

/** German texts of the inbound announcements (/notifications): list, card, receipt details. */
export const NOTIFICATION_UI = {
  title: SCREEN_TITLES.notifications,
  subtitleCustomer: 'Kündigen Sie Anlieferungen an das Lager an.',
  subtitleStaff: 'Angekündigte Anlieferungen der Kunden',
  newNotification: 'Neue Avisierung',
  empty: 'Keine Avisierungen vorhanden',
  receive: 'Wareneingang',
  offlineNoList: 'Offline – die Liste kann nicht geladen werden.',
  /** Follows offlineNoList for staff, after a space. */
  offlineReceivable: 'Auf diesem Gerät verfügbare Avisierungen zum Wareneingang:',
  offlineStale: 'Offline – Stand der letzten Verbindung. Wareneingang ist weiter möglich.',
  loadError: 'Fehler beim Laden der Avisierungen',
  detailsError: 'Fehler beim Laden der Details',
  confirmError: 'Fehler beim Bestätigen',
  saved: (number: string) => `Avisierung ${number} gespeichert`,
  created: (number: string) => `Avisierung ${number} angelegt`,
  confirmed: (number: string) => `Avisierung ${number} bestätigt`,
  cancelled: (number: string) => `Avisierung ${number} storniert`,
  cancelTitle: 'Avisierung stornieren',
  cancelQuestion: 'Möchten Sie diese Avisierung wirklich stornieren?',
  // card
  delivery: 'Anlieferung',
  reference: 'Referenz',
  customer: WORDS.customer,
  notes: FIELD_LABELS.notes,
  noItems: WORDS.noItems,
  ean: WORDS.ean,
  pendingOnDevice: (n: number) => `+${n} auf diesem Gerät, noch nicht übertragen`,
  pieces: (n: number) => `${n} ${WORDS.pieces}`,
  received: (n: number) => `erhalten: ${n}`,
  // receipt details
  receipts: 'Wareneingänge',
  noReceipts: 'Keine Wareneingänge gefunden',
  colArticle: WORDS.article,
  colExpected: 'Erwartet',
  colReceived: 'Erhalten',
  colUnit: FIELD_LABELS.unit,
  colDiscrepancy: WORDS.difference,
  colNotes: FIELD_LABELS.notes,
  unitPiece: WORDS.pieces,
} as const;

/** German texts of the announcement form (client/features/inbound-notifications/NotificationFormDialog.tsx). */
export const NOTIFICATION_FORM_UI = {
  editTitle: (number: string) => `Avisierung ${number} bearbeiten`,
  newTitle: NOTIFICATION_UI.newNotification,
  expectedDate: FIELD_LABELS.expected_date,
  expectedDateTo: `${FIELD_LABELS.expected_date_to} (optional)`,
  reference: FIELD_LABELS.reference_number,
  notes: FIELD_LABELS.notes,
  items: WORDS.articleCount,
  noItems: WORDS.noItems,
  ean: FIELD_LABELS.ean,
  title: WORDS.title,
  quantity: WORDS.quantity,
  itemNote: 'Notiz zum Artikel (optional)',
  addItem: WORDS.addArticle,
  remove: (title: string) => `${title} entfernen`,
} as const;

/** German texts of one article's receipt on the dock (client/features/inbound-notifications/ReceiptItemForm.tsx). */
export const RECEIPT_UI = {
  recorded: (quantity: number, title: string) => `${quantity} × ${title} erfasst`,
  error: 'Fehler beim Wareneingang',
  expected: NOTIFICATION_UI.colExpected,
  receivedSoFar: 'bisher erhalten',
  open: 'offen',
  receivedQuantity: 'Erhaltene Menge',
  difference: (text: string) => `${text} ${WORDS.pieces}`,
  location: FIELD_LABELS.location_id,
  locationChosen: (path: string) => `Gewählt: ${path}`,
  locationHint: 'Barcode scannen oder auswählen',
  scanLocation: WORDS.scanLocation,
  chooseLocation: 'Lagerplatz auswählen',
  chooseLocationOption: 'Lagerplatz auswählen…',
  batch: FIELD_LABELS.batch_number,
  expiry: FIELD_LABELS.expiry_date,
  level1: FIELD_LABELS.packaging_level1,
  level2: FIELD_LABELS.packaging_level2,
  perCarton: FIELD_LABELS.quantity_per_unit,
  cartons: FIELD_LABELS.total_units,
  confirm: 'Artikel bestätigen',
  /** A packaging level whose cartons do not add up to the received quantity (receipt-logic.ts). */
  packagingWarning: (perCarton: number, cartons: number, total: number, received: number) =>
    `Warnung: ${perCarton} × ${cartons} = ${total} ${WORDS.pieces} (erwartet: ${received})`,
  packagingRemainder: (rest: number) => `${rest} ${WORDS.pieces} übrig`,
  /** Received minus expected (shared/domain/notification-status.ts discrepancyText). */
  surplus: (diff: number) => `Übermenge: +${diff}`,
  shortfall: (diff: number) => `Mindermenge: ${diff}`,
  /** The outbox label of a queued receipt line (Synchronisierung). */
  outboxLabel: 'Wareneingang {number}: {qty} × {title} → {location}',
} as const;

/** German texts of the receipt of one announcement on the dock (client/features/inbound-notifications/ReceiptFlow.tsx). */
export const RECEIPT_FLOW_UI = {
  title: 'Wareneingang verarbeiten',
  offline: 'Offline – Buchungen werden auf dem Gerät gespeichert und bei Verbindung übertragen.',
  unavailable: 'Diese Avisierung ist auf diesem Gerät nicht verfügbar (nicht synchronisiert oder bereits abgeschlossen).',
  waitForSync: 'Bitte kurz warten, bis die Synchronisierung abgeschlossen ist.',
  syncOnline: 'Bitte mit Verbindung synchronisieren.',
  completed: (number: string) => `Wareneingang ${number} abgeschlossen`,
  completeQueued: (number: string) => `Abschluss von ${number} vorgemerkt – wird bei Verbindung übertragen`,
  completeQueuedBadge: 'Abschluss vorgemerkt',
  progress: (touched: number, total: number) => `${touched} von ${total} Artikeln erfasst`,
  scanLabel: 'Artikel scannen (EAN)',
  scanPlaceholder: WORDS.scanOrEnterEan,
  rejected: (reason: string) => `Abgelehnt: ${reason}`,
  openItems: (n: number) => `Offene Artikel (${n})`,
  allRecorded: 'Alle Artikel erfasst.',
  recordedItems: (n: number) => `Erfasst (${n})`,
  finish: 'Fertig',
  complete: 'vollständig',
  notSent: 'nicht übertragen',
} as const;
