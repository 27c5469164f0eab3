import { MOVEMENT_TYPE_LABELS } from '../constants';
import { errorText } from './errors/index';
import { FIELD_LABELS } from './fields';
import { WORDS } from './ui';

/** German validation texts of returns (docs/operations.md "Returns"). */
export const RETURN_VALIDATION = {
  status: 'Unbekannter Retourenstatus (angekündigt, eingegangen, abgeschlossen oder storniert)',
  reason: 'Bitte einen gültigen Retourengrund wählen',
  condition: 'Bitte den Zustand wählen (neuwertig, geöffnet, beschädigt)',
  disposition: 'Bitte wählen, was mit der Ware geschieht (einlagern, Sperrlager, entsorgen)',
  order: 'Bitte einen Auftrag angeben',
  items: 'Mindestens ein Artikel ist erforderlich',
  code: 'Bitte eine Auftrags- oder Sendungsnummer angeben',
} as const;

/** German texts of the returns screens (client/features/returns/). */
export const RETURNS_UI = {
  title: 'Retouren',
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

/** Descriptions of the returns' status-log events (server/features/returns/). */
export const RETURN_LOG = {
  announced: (ret: string, order: string, pieces: number) => `Retoure ${ret} zu Auftrag ${order} angekündigt: ${pieces} Stück`,
  received: (ret: string) => `Retoure ${ret}: erste Ware eingegangen`,
  completed: RETURNS_UI.completed,
} as const;
