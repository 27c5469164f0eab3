import type { InvoiceStatus } from '../constants';
import { INVOICE_WORDS } from './billing';
import { billingErrors } from './errors/billing';
import { FIELD_LABELS } from './fields';
import { SETTINGS_UI } from './settings';
import { UI, WORDS } from './ui';
import { WAVE_UI } from './wave-builder';
import { SCREEN_TITLES } from './titles';

/** German texts of the billing screens (docs/operations.md "Billing (Abrechnung)"): Abrechnung (admin) and Rechnungen (portal). */

const INVOICES = SCREEN_TITLES.invoices;

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: INVOICE_WORDS.draft,
  final: 'Final',
  cancelled: UI.statusCancelled,
};

export const INVOICE_UI = {
  title: SETTINGS_UI.sections.billing,
  subtitle: 'Rechnungen je Kunde und Zeitraum, Lagerbestand je Tag',
  // "Rechnung erstellen"
  createTitle: 'Rechnung erstellen',
  createHint: 'Zählt die Leistungen des Zeitraums mit den Preisen des Kunden; der Entwurf kann danach neu berechnet werden.',
  chooseCustomer: 'Bitte Kunde wählen',
  dateRequired: 'Bitte ein Datum eingeben',
  createDraft: 'Entwurf erstellen',
  draftCreated: 'Entwurf erstellt',
  createError: 'Fehler beim Erstellen der Rechnung',
  ratesHint: 'Die Preise je Kunde stehen unter',
  // the list
  listTitle: INVOICES,
  listError: 'Fehler beim Laden der Rechnungen',
  empty: 'Keine Rechnungen',
  allStatuses: WORDS.all,
  customer: FIELD_LABELS.customer_id,
  status: WORDS.status,
  number: INVOICE_WORDS.number,
  period: INVOICE_WORDS.servicePeriod,
  net: INVOICE_WORDS.net,
  vat: 'USt',
  gross: INVOICE_WORDS.gross,
  draftNumber: (id: number) => `${INVOICE_WORDS.draft} #${id}`,
  cancellationBadge: INVOICE_WORDS.cancellation,
  open: (label: string) => `${label} öffnen`,
  // the detail
  backToList: 'Zurück zur Abrechnung',
  detailError: billingErrors.INVOICE_NOT_FOUND.de,
  noLines: 'Keine berechneten Leistungen im Zeitraum',
  service: INVOICE_WORDS.service,
  quantity: INVOICE_WORDS.quantity,
  unitPrice: INVOICE_WORDS.unitPrice,
  vatRate: INVOICE_WORDS.vat,
  cancels: INVOICE_WORDS.cancels,
  cancelledBy: (number: string) => `Storniert durch die Stornorechnung ${number}`,
  recompute: WAVE_UI.recompute,
  recomputed: 'Entwurf neu berechnet',
  deleteDraft: UI.delete,
  deleteTitle: 'Entwurf löschen?',
  deleteQuestion: (customer: string) => `Den Entwurf für ${customer} löschen? Die Leistungen bleiben erfasst und können neu abgerechnet werden.`,
  deleted: 'Entwurf gelöscht',
  finalize: UI.completeAction,
  finalizeTitle: 'Rechnung abschließen?',
  finalizeQuestion: 'Der Entwurf erhält eine Rechnungsnummer (RE-Jahr-Nummer) und kann danach nicht mehr geändert werden.',
  finalized: (number: string) => `Rechnung ${number} abgeschlossen`,
  cancel: UI.cancelAction,
  cancelTitle: 'Rechnung stornieren?',
  cancelQuestion: (number: string) => `Rechnung ${number} stornieren? Es wird eine Stornorechnung mit eigener Nummer erstellt; der Zeitraum wird wieder frei.`,
  cancelled: (number: string) => `Stornorechnung ${number} erstellt`,
  actionError: 'Aktion fehlgeschlagen',
  pdf: 'PDF',
  xml: 'XRechnung (XML)',
  csv: 'Positionen (CSV)',
  downloadError: 'Fehler beim Herunterladen',
  downloadLabel: (what: string, invoice: string) => `${what} von ${invoice} herunterladen`,
  // storage snapshots
  snapshotTitle: 'Lagerbestand je Tag',
  snapshotHint: 'Der nächtliche Lauf erfasst den Vortag (Lagerplatz pro Tag). Fehlt ein Tag, hier nachholen; eine Wiederholung ändert nichts.',
  snapshotTake: 'Lagerbestand für Tag erfassen',
  snapshotResult: (day: string, customers: number) => `${day}: ${customers} Kunden mit Bestand erfasst`,
  snapshotError: 'Fehler beim Erfassen des Lagerbestands',
  places: 'Belegte Plätze',
  units: 'Einheiten',
  // the portal
  portalSubtitle: 'Ihre abgeschlossenen Rechnungen und Stornorechnungen',
  portalOnly: 'Nur für Kundenzugänge',
  date: INVOICE_WORDS.date,
} as const;
