import { MOVEMENT_TYPE_LABELS } from '../constants';
import { errorText } from './errors/index';
import { FIELD_LABELS } from './fields';
import { UI, WORDS } from './ui';
import { RETURN_VALIDATION } from './validation';
import { SCREEN_TITLES } from './titles';

/** The returns' validation texts live in ./validation.ts (a device words them by code: ./errors/refusal-words.ts). */
export { RETURN_VALIDATION };

/** German texts of the returns screens (client/features/returns/). */
export const RETURNS_UI = {
  title: SCREEN_TITLES.returns,
  subtitleCustomer: 'Rücksendungen Ihrer versendeten Aufträge anmelden und verfolgen',
  subtitleStaff: 'Angekündigte und eingegangene Rücksendungen aller Kunden',
  empty: 'Keine Retouren',
  listError: 'Fehler beim Laden der Retouren',
  detailError: 'Fehler beim Laden der Retoure',
  notFound: errorText('RETURN_NOT_FOUND'),
  allStatuses: 'Alle Status',
  backToList: 'Zurück zu den Retouren',
  detailTitle: (n: string) => `Retoure ${n}`,
  colNumber: MOVEMENT_TYPE_LABELS.return,
  colAnnounced: 'Angekündigt',
  colReceived: 'Eingegangen',
  colCreated: 'Angemeldet am',
  orderRef: (n: string) => `Auftrag ${n}`,
  lines: WORDS.article,
  receipts: 'Wareneingang der Retoure',
  noReceipts: 'Noch nichts eingegangen',
  colReason: FIELD_LABELS.reason,
  colReturnable: 'Noch möglich',
  note: FIELD_LABELS.note,
  // actions
  announce: 'Retoure anmelden',
  announceTitle: (order: string) => `Retoure zu Auftrag ${order} anmelden`,
  announceHint: 'Geben Sie je Artikel an, wie viele Stück zurückkommen und warum.',
  quantityFor: (title: string) => `Menge ${title}`,
  reasonFor: (title: string) => `Grund ${title}`,
  nothingChosen: 'Bitte mindestens einen Artikel mit Menge angeben',
  nothingReturnable: 'Zu diesem Auftrag kann nichts mehr zurückgesendet werden.',
  announced: (n: string) => `Retoure ${n} angemeldet`,
  announceError: 'Fehler beim Anmelden der Retoure',
  cancel: 'Retoure stornieren',
  cancelQuestion: (n: string) => `Möchten Sie die Retoure ${n} wirklich stornieren?`,
  cancelled: (n: string) => `Retoure ${n} storniert`,
  complete: 'Retoure abschließen',
  completed: (n: string) => `Retoure ${n} abgeschlossen`,
  actionError: 'Fehler beim Ändern der Retoure',
} as const;

const RECEIVE = SCREEN_TITLES.returnsReceive;

/** German texts of the handheld screen "Retoure annehmen" (client/features/returns/ReturnReceive*.tsx). */
export const RETURN_RECEIVE_UI = {
  title: RECEIVE,
  stepCode: 'Schritt 1: Auftrags- oder Sendungsnummer scannen',
  stepEan: 'Schritt 2: EAN des Artikels scannen',
  stepDetails: 'Schritt 3: Menge, Zustand und Verbleib wählen, Lagerplatz scannen',
  codeLabel: FIELD_LABELS.code,
  codePlaceholder: 'Nummer scannen oder eingeben',
  codeRequired: RETURN_VALIDATION.code,
  /** params: code */
  notOnDevice: 'Keine angemeldete Retoure zu „{code}“ auf diesem Gerät (ohne Netz wird nicht weiter gesucht)',
  /** params: order_number */
  notAnnounced: 'Zu Auftrag {order_number} ist keine Retoure angemeldet. Bitte die Retoure zuerst anmelden – hier oder am Auftrag.',
  /** params: return_number */
  notSynced: 'Retoure {return_number} ist noch nicht auf diesem Gerät – bitte kurz warten und erneut scannen.',
  lookupError: 'Fehler bei der Suche nach der Retoure',
  chooseReturn: 'Mehrere offene Retouren zu diesem Auftrag',
  receivedOfAnnounced: `${RETURNS_UI.colReceived} / ${RETURNS_UI.colAnnounced}`,
  condition: FIELD_LABELS.condition,
  disposition: FIELD_LABELS.disposition,
  place: FIELD_LABELS.location_id,
  placePlaceholder: WORDS.scanLocation,
  /** params: barcode */
  suggestion: 'Vorschlag: {barcode}',
  /** params: room (what may still come) */
  room: 'noch höchstens {room} Stück',
  noRoom: 'Von diesem Artikel kann nichts mehr angenommen werden',
  next: UI.next,
  back: UI.back,
  otherReturn: 'Andere Retoure',
  book: 'Buchen',
  /** params: qty, title, disposition, place (with a leading arrow or empty) */
  success: 'Angenommen: {qty} × {title} – {disposition}{place}',
  error: 'Fehler beim Annehmen der Retoure',
  completeOnline: 'Abschließen nur online in der Retoure (Retouren-Liste)',
  /** The outbox entry's label (client/features/returns/offline.ts). params: number, qty, title, disposition, place (as in success) */
  label: 'Retoure {number}: {qty} × {title} – {disposition}{place}',
} as const;

/** Descriptions of the returns' status-log events (server/features/returns/). */
export const RETURN_LOG = {
  announced: (ret: string, order: string, pieces: number) => `Retoure ${ret} zu Auftrag ${order} angekündigt: ${pieces} Stück`,
  received: (ret: string) => `Retoure ${ret}: erste Ware eingegangen`,
  completed: RETURNS_UI.completed,
} as const;
