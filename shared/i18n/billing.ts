import type { ChargeCode } from '../constants';
import { SHIPPING_WORDS, UI } from './ui';

/** German texts of billing (docs/operations.md "Billing (Abrechnung)"): charge codes, the rate card, snapshots. */

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
  colCode: 'Leistung',
  colPrice: 'Preis netto (€)',
  notCharged: 'nicht berechnet',
  priceInvalid: 'Bitte einen Betrag wie 0,35 eingeben',
  save: 'Preise speichern',
  saved: (company: string) => `Preise von ${company} gespeichert`,
  loadError: 'Fehler beim Laden der Preise',
  saveError: UI.saveError,
} as const;
