import { z } from 'zod';
import { COUNTRY_CODE_MAX_LENGTH } from '../constants';
import { Timestamp } from './common';
import { VALIDATION } from '../i18n/validation';
import { FIELD_LABELS } from '../i18n/fields';
import { GS1_PREFIX_PATTERN } from '../domain/sscc';

/**
 * Settings (spec part 1 §3 + keepa_api_key). The definitions decide category,
 * encryption and validation; a client cannot store a secret unencrypted by
 * claiming is_encrypted=false.
 */

export const SETTING_MASK = '••••••••';
/** A value that is only mask bullets is "unchanged" (the form still shows the mask). */
export function isMasked(v: string | null | undefined): boolean {
  return typeof v === 'string' && v.length > 0 && /^•+$/.test(v);
}

export const SETTING_CATEGORIES = ['shipping', 'general', 'warehouse'] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

export interface SettingDefinition {
  key: string;
  category: SettingCategory;
  encrypted: boolean;
  label: string;
  description: string;
  default: string | null;
  required: boolean;
  /** Allowed values (select). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  maxLength?: number;
  /** Upper-cased on save (ISO codes). */
  upper?: boolean;
  /** The value must match (with the German reason when it does not). */
  pattern?: { re: RegExp; reason: string };
  input?: 'text' | 'email' | 'tel';
}

/** Nightly completion of shipped orders (docs/fulfilment.md "Closing orders"): days after shipping, 0 = off. */
export const ORDER_AUTO_COMPLETE_DAYS_KEY = 'order_auto_complete_days';
export const ORDER_AUTO_COMPLETE_DAYS_DEFAULT = 14;

export const PICKING_STRATEGIES = ['route_optimized', 'quantity_first'] as const;
export const DHL_ENVIRONMENTS = ['sandbox', 'production'] as const;

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  {
    key: 'dhl_api_key',
    category: 'shipping',
    encrypted: true,
    label: 'API-Schlüssel',
    description: 'DHL API-Schlüssel (dhl-api-key)',
    default: null,
    required: true,
  },
  {
    key: 'dhl_api_environment',
    category: 'shipping',
    encrypted: false,
    label: 'Umgebung',
    description: 'DHL-Umgebung',
    default: 'sandbox',
    required: true,
    options: [
      { value: 'sandbox', label: 'Sandbox (Test)' },
      { value: 'production', label: 'Produktion' },
    ],
  },
  {
    key: 'dhl_api_user',
    category: 'shipping',
    encrypted: true,
    label: 'API-Benutzername',
    description: 'Benutzer des DHL-Geschäftskundenportals',
    default: null,
    required: true,
  },
  {
    key: 'dhl_api_password',
    category: 'shipping',
    encrypted: true,
    label: 'API-Passwort',
    description: 'Passwort des DHL-Geschäftskundenportals',
    default: null,
    required: true,
  },
  {
    key: 'dhl_billing_number',
    category: 'shipping',
    encrypted: false,
    label: 'Abrechnungsnummer national',
    description: 'EKP + Verfahren + Teilnahme (14 Zeichen)',
    default: null,
    required: true,
    maxLength: 14,
  },
  {
    key: 'dhl_billing_number_international',
    category: 'shipping',
    encrypted: false,
    label: 'Abrechnungsnummer international',
    description: 'Abrechnungsnummer für Sendungen ins Ausland',
    default: null,
    required: false,
    maxLength: 14,
  },
  {
    key: 'dhl_shipper_name',
    category: 'shipping',
    encrypted: false,
    label: 'Absendername (Zeile 1)',
    description: 'Absender auf dem Label',
    default: null,
    required: true,
    maxLength: 50,
  },
  {
    key: 'dhl_shipper_name2',
    category: 'shipping',
    encrypted: false,
    label: 'Absendername (Zeile 2)',
    description: 'Zusatz zum Absender',
    default: null,
    required: false,
    maxLength: 50,
  },
  {
    key: 'dhl_shipper_street',
    category: 'shipping',
    encrypted: false,
    label: FIELD_LABELS.delivery_address,
    description: 'Absenderadresse',
    default: null,
    required: true,
    maxLength: 100,
  },
  {
    key: 'dhl_shipper_postal_code',
    category: 'shipping',
    encrypted: false,
    label: 'PLZ',
    description: 'Absender-PLZ',
    default: null,
    required: true,
    maxLength: 10,
  },
  { key: 'dhl_shipper_city', category: 'shipping', encrypted: false, label: 'Ort', description: 'Absenderort', default: null, required: true, maxLength: 50 },
  {
    key: 'dhl_shipper_country',
    category: 'shipping',
    encrypted: false,
    label: 'Land (ISO-Code)',
    description: 'z. B. DEU',
    default: 'DEU',
    required: true,
    maxLength: COUNTRY_CODE_MAX_LENGTH,
    upper: true,
  },
  {
    key: 'dhl_shipper_email',
    category: 'shipping',
    encrypted: false,
    label: 'E-Mail',
    description: 'Absender-E-Mail',
    default: null,
    required: false,
    maxLength: 100,
    input: 'email',
  },
  {
    key: 'dhl_shipper_phone',
    category: 'shipping',
    encrypted: false,
    label: 'Telefon',
    description: 'Absender-Telefon',
    default: null,
    required: false,
    maxLength: 30,
    input: 'tel',
  },
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
    key: 'picking_strategy',
    category: 'warehouse',
    encrypted: false,
    label: 'Kommissionierstrategie',
    description: 'Reihenfolge der Lagerplätze beim Picken',
    default: 'route_optimized',
    required: true,
    options: [
      { value: 'route_optimized', label: 'Wegoptimiert' },
      { value: 'quantity_first', label: 'Menge zuerst' },
    ],
  },
  {
    key: ORDER_AUTO_COMPLETE_DAYS_KEY,
    category: 'warehouse',
    encrypted: false,
    label: 'Aufträge automatisch abschließen nach (Tagen)',
    description: 'Versendete Aufträge werden nach so vielen Tagen abgeschlossen; 0 schaltet es ab',
    default: String(ORDER_AUTO_COMPLETE_DAYS_DEFAULT),
    required: true,
    maxLength: 3,
    pattern: { re: /^\d{1,3}$/, reason: 'ganze Zahl von 0 bis 999' },
  },
  {
    key: 'packing_verify_each_piece',
    category: 'warehouse',
    encrypted: false,
    label: 'Prüfung an der Packstation',
    description: 'Aus: ein Scan bestätigt eine ganze Position. An: jedes Stück wird einzeln gescannt.',
    default: 'false',
    required: true,
    options: [
      { value: 'false', label: 'Ein Scan pro Position' },
      { value: 'true', label: 'Jedes Stück scannen' },
    ],
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

export const SETTING_BY_KEY: ReadonlyMap<string, SettingDefinition> = new Map(SETTING_DEFINITIONS.map((d) => [d.key, d]));

/** German reason when a value breaks its definition, else null. */
export function settingProblem(def: SettingDefinition, value: string | null): string | null {
  if (value === null || value === '') return null;
  if (def.maxLength && value.length > def.maxLength) return `höchstens ${def.maxLength} Zeichen`;
  if (def.options && !def.options.some((o) => o.value === value)) return `erlaubt: ${def.options.map((o) => o.value).join(', ')}`;
  if (def.pattern && !def.pattern.re.test(value)) return def.pattern.reason;
  if (def.input === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'keine gültige E-Mail-Adresse';
  return null;
}

export const Setting = z.object({
  key: z.string(),
  /** Encrypted values come back as SETTING_MASK when set, null when unset. */
  value: z.string().nullable(),
  category: z.enum(SETTING_CATEGORIES),
  is_encrypted: z.boolean(),
  description: z.string().nullable(),
  has_value: z.boolean(),
  updated_at: Timestamp.nullable(),
});
export type Setting = z.infer<typeof Setting>;
export const SettingList = z.array(Setting);

export const SettingKeyParams = z.object({ key: z.string().trim().min(1).max(100) });

/** The spec's setting object; category/is_encrypted/description are accepted and ignored (definitions decide). */
export const SettingWrite = z.object({
  key: z.string({ error: VALIDATION.settingKeyRequired }).trim().min(1, VALIDATION.settingKeyRequired).max(100),
  value: z.string().max(2000).nullable(),
  category: z.string().optional(),
  is_encrypted: z.boolean().optional(),
  description: z.string().nullish(),
});
export type SettingWrite = z.infer<typeof SettingWrite>;
export const SettingBatchRequest = z.array(SettingWrite).max(100);
export const SettingPutRequest = SettingWrite.partial({ key: true });

export const SettingBatchResponse = z.object({
  saved: z.number(),
  skipped: z.number(),
  message: z.string(),
  settings: SettingList,
});
export type SettingBatchResponse = z.infer<typeof SettingBatchResponse>;

export const DecryptResponse = z.object({ key: z.string(), value: z.string().nullable() });

export const Country = z.object({ code: z.string(), name_de: z.string() });
export const CountryList = z.array(Country);
export const CountriesQuery = z.object({ active_only: z.enum(['true', 'false']).optional() });
