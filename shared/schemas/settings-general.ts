import { COUNTRY_CODE_MAX_LENGTH, VAT_RATE_PERCENT_DEFAULT, VAT_RATE_PERCENT_KEY } from '../constants';
import { GS1_PREFIX_PATTERN } from '../domain/sscc';
import { INVOICE_WORDS } from '../i18n/billing';
import { FIELD_LABELS } from '../i18n/fields';
import type { SettingDefinition } from './setting-definition';

/** A VAT identification number: country code and 2 to 12 characters (DE: 9 digits). */
const VAT_ID_PATTERN = /^[A-Z]{2}[0-9A-Z+*.]{2,12}$/;
/** An IBAN, grouped with spaces or not: country, check digits, 11 to 30 more. */
const IBAN_PATTERN = /^[A-Z]{2}[0-9]{2}( ?[0-9A-Z]){11,30}$/;

/** Settings of the category "general": the company (seller data, invoices) and outside services. */
export const GENERAL_SETTINGS: readonly SettingDefinition[] = [
  {
    key: 'company_name',
    category: 'general',
    encrypted: false,
    label: 'Firmenname',
    description: 'Name des Lagerbetreibers',
    default: null,
    required: false,
    maxLength: 200,
  },
  {
    key: 'company_street',
    category: 'general',
    encrypted: false,
    label: FIELD_LABELS.delivery_address,
    description: 'Firmenadresse',
    default: null,
    required: false,
    maxLength: 200,
  },
  { key: 'company_postal_code', category: 'general', encrypted: false, label: 'PLZ', description: 'Firmen-PLZ', default: null, required: false, maxLength: 10 },
  { key: 'company_city', category: 'general', encrypted: false, label: 'Ort', description: 'Firmenort', default: null, required: false, maxLength: 100 },
  {
    key: 'company_country',
    category: 'general',
    encrypted: false,
    label: 'Land (ISO-Code)',
    description: 'z. B. DEU',
    default: 'DEU',
    required: false,
    maxLength: COUNTRY_CODE_MAX_LENGTH,
    upper: true,
  },
  {
    key: 'gs1_company_prefix',
    category: 'general',
    encrypted: false,
    label: 'GS1-Basisnummer',
    description: 'GS1-Unternehmensnummer (7–10 Ziffern) für SSCC auf Palettenlabels; leer: Labels ohne SSCC',
    default: null,
    required: false,
    maxLength: 10,
    pattern: { re: GS1_PREFIX_PATTERN, reason: '7 bis 10 Ziffern' },
  },
  {
    key: 'vat_id',
    category: 'general',
    encrypted: false,
    label: INVOICE_WORDS.vatId,
    description: 'Umsatzsteuer-Identifikationsnummer des Lagerbetreibers für Rechnungen, z. B. DE123456789',
    default: null,
    required: false,
    maxLength: 14,
    upper: true,
    pattern: { re: VAT_ID_PATTERN, reason: 'Ländercode und 2 bis 12 Zeichen, z. B. DE123456789' },
  },
  {
    key: 'iban',
    category: 'general',
    encrypted: false,
    label: INVOICE_WORDS.iban,
    description: 'Bankverbindung für Rechnungen (Zahlungsempfänger)',
    default: null,
    required: false,
    maxLength: 42,
    upper: true,
    pattern: { re: IBAN_PATTERN, reason: 'Ländercode, 2 Prüfziffern und 11 bis 30 Buchstaben oder Ziffern' },
  },
  {
    key: VAT_RATE_PERCENT_KEY,
    category: 'general',
    encrypted: false,
    label: 'Umsatzsteuersatz (%)',
    description: 'Steuersatz neuer Rechnungen in ganzen Prozent (0 bis 99)',
    default: String(VAT_RATE_PERCENT_DEFAULT),
    required: false,
    pattern: { re: /^[0-9]{1,2}$/, reason: 'ganze Zahl von 0 bis 99' },
  },
  {
    key: 'keepa_api_key',
    category: 'general',
    encrypted: true,
    label: 'Keepa-API-Schlüssel',
    description: 'Für EAN-Suche und Produktanreicherung',
    default: null,
    required: false,
  },
];
