import type { ChargeCode } from '../constants';
import { FIELD_LABELS } from './fields';
import { SHIPPING_WORDS, UI, WORDS } from './ui';

/** German texts of billing (docs/operations.md "Billing (Abrechnung)"): charge codes, the rate card, snapshots, invoices. */

/** What a charge code is called in a column head (rate card, invoice lines). */
const RATES_UI_CODE = 'Leistung';

/** The German name of each charge code (rate card, later the invoice lines). */
export const CHARGE_CODE_LABELS: Record<ChargeCode, string> = {
  storage_place_day: 'Lagerplatz pro Tag',
  inbound_unit: 'Einlagerung pro Stück',
  pick_line: 'Pickposition',
  pick_unit: 'Pick pro Stück',
  order_shipped: 'Versandauftrag',
  package: SHIPPING_WORDS.parcel,
  freight_pallet: 'Speditionspalette',
  return_unit: 'Retoure pro Stück',
};

export const BILLING_VALIDATION = {
  codeInvalid: 'Unbekannte Leistung',
  priceInvalid: 'Preis muss ein Betrag in Cent (ganze Zahl ab 0) sein',
  priceTooHigh: 'Preis ist zu hoch',
  codeTwice: (code: string) => `Leistung „${code}“ ist doppelt angegeben`,
} as const;

/** The "Preise" panel of a customer (admin, /customers). */
export const RATES_UI = {
  title: (company: string) => `Preise von ${company}`,
  hint: 'Nettopreise in Euro je Einheit; ohne Preis wird die Leistung nicht berechnet.',
  colCode: RATES_UI_CODE,
  colPrice: 'Preis netto (€)',
  notCharged: 'nicht berechnet',
  priceInvalid: 'Bitte einen Betrag wie 0,35 eingeben',
  save: 'Preise speichern',
  saved: (company: string) => `Preise von ${company} gespeichert`,
  loadError: 'Fehler beim Laden der Preise',
  saveError: UI.saveError,
} as const;

export const INVOICE_VALIDATION = {
  periodOrder: '„Zeitraum von“ darf nicht nach „Zeitraum bis“ liegen',
  status: 'Unbekannter Rechnungsstatus',
} as const;

/** Words of the invoice documents (PDF, CSV of the activities) and of the seller settings. */
export const INVOICE_WORDS = {
  invoice: 'Rechnung',
  cancellation: 'Stornorechnung',
  draft: 'Entwurf',
  draftNote: 'Entwurf – keine gültige Rechnung',
  number: 'Rechnungsnummer',
  date: 'Rechnungsdatum',
  servicePeriod: 'Leistungszeitraum',
  vatId: 'USt-IdNr.',
  iban: 'IBAN',
  customerNumber: FIELD_LABELS.customer_number,
  position: 'Position',
  service: RATES_UI_CODE,
  quantity: WORDS.quantity,
  unitPrice: 'Einzelpreis',
  net: 'Netto',
  vat: (rate: number) => `USt ${rate} %`,
  gross: 'Brutto',
  cancels: (number: string) => `Storno der Rechnung ${number}`,
  payment: (iban: string) => `Bitte überweisen Sie den Betrag auf das Konto IBAN ${iban}.`,
  pdfFile: (name: string) => `${name}.pdf`,
  xmlFile: (name: string) => `${name}.xml`,
  buyerEmail: 'E-Mail-Adresse des Kunden',
  sellerVatId: 'USt-IdNr. des Lagerbetreibers (Einstellungen)',
  draftFile: (id: number) => `rechnung-entwurf-${id}`,
} as const;

/** GET /invoices/{id}/lines.csv: one row per activity behind a line. */
export const INVOICE_CSV = {
  headers: ['Tag', RATES_UI_CODE, 'Leistungscode', 'Beleg', WORDS.quantity, 'Einzelpreis (Cent)', 'Netto (Cent)'],
  file: (name: string) => `${name}-leistungen.csv`,
  /** References of the activities. */
  order: (number: string) => `Auftrag ${number}`,
  orderLine: (number: string, ean: string) => `Auftrag ${number}, EAN ${ean}`,
  notification: (number: string, place: string) => `Avis ${number}, Platz ${place}`,
  place: (place: string) => `Platz ${place}`,
  returnReceipt: (number: string) => `Retoure ${number}`,
  snapshot: 'Belegte Plätze zum Tagesende',
} as const;
