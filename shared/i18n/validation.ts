import { PASSWORD_MIN_LENGTH } from '../constants';

/**
 * German validation messages, written once: the zod schemas (whose messages
 * become the API's 400 detail), the error catalogue and the screens' own form
 * checks all read them from here, so a form and the server never word the
 * same rule differently.
 */
export const VALIDATION = {
  // login, users, profile
  emailRequired: 'E-Mail ist erforderlich',
  emailInvalid: 'Bitte eine gültige E-Mail-Adresse eingeben',
  passwordRequired: 'Passwort ist erforderlich',
  passwordTooShort: `Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`,
  oldPasswordRequired: 'Altes Passwort ist erforderlich',
  qrTokenRequired: 'QR-Code ist erforderlich',
  usernameRequired: 'Benutzername ist erforderlich',
  roleRequired: 'Rolle ist erforderlich',
  customerForCustomerUser: 'Bitte wählen Sie einen Kunden für Kundenbenutzer aus',
  // customers
  companyNameRequired: 'Firmenname ist erforderlich',
  customerNumberRequired: 'Kundennummer ist erforderlich',
  // buildings, rooms, locations, settings
  nameRequired: 'Name ist erforderlich',
  buildingCodeRequired: 'Gebäudecode ist erforderlich',
  roomCodeRequired: 'Raumcode ist erforderlich',
  buildingRequired: 'Bitte Gebäude auswählen',
  roomTypeInvalid: 'Raumtyp ist ungültig',
  languageInvalid: 'Sprache ist ungültig (de, en, pl oder uk)',
  rackCodeRequired: 'Regalcode ist erforderlich',
  rackRequired: 'Regal ist erforderlich',
  levelRequired: 'Ebene ist erforderlich',
  settingKeyRequired: 'Schlüssel ist erforderlich',
  // products and stock
  eanRequired: 'EAN ist erforderlich',
  titleRequired: 'Bitte Produkttitel eingeben',
  searchRequired: 'Suchbegriff ist erforderlich',
  quantityRequired: 'Menge ist erforderlich',
  quantityPositive: 'Menge muss größer als 0 sein',
  quantityInteger: 'Menge muss eine ganze Zahl sein',
  quantityAtLeastOne: 'Menge muss mindestens 1 sein',
  quantityTooLarge: 'Menge ist zu groß',
  quantityNotNegative: 'Menge darf nicht negativ sein',
  locationRequired: 'Bitte einen Lagerplatz auswählen',
  locationBarcodeRequired: 'Lagerplatz-Barcode ist erforderlich',
  customerRequired: 'Bitte Kunde auswählen',
  // announcements and orders
  allFieldsRequired: 'Bitte alle Felder ausfüllen',
  requiredFieldsMissing: 'Bitte alle Pflichtfelder ausfüllen',
  itemsRequired: 'Bitte mindestens einen Artikel hinzufügen',
  chooseArticle: 'Bitte wähle einen Artikel aus',
  articleDuplicate: 'Artikel bereits hinzugefügt. Entferne ihn zuerst.',
  // pallets
  barcodeRequired: 'Barcode ist erforderlich',
  disposableCountRange: 'Anzahl muss zwischen 1 und 100 liegen',
  activeRequired: 'Aktiv muss true oder false sein',
  // waves
  waveOrdersRequired: 'Bitte mindestens einen Auftrag auswählen',
  waveTooManyOrders: 'Maximal 4 Aufträge pro Welle (Paletten-Kapazität)',
  rollingOrdersRequired: 'Bitte mindestens eine Bestellung auswählen',
  dateToBeforeFrom: 'Das Enddatum darf nicht vor dem Anlieferdatum liegen',
  // inventory overview
  overviewCursorPair: 'Weiter ab Artikel und Weiter ab Kunde nur zusammen angeben',
} as const;

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
