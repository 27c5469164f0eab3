import { COUNTRY_CODE_MAX_LENGTH } from '../constants';
import { GS1_PREFIX_PATTERN } from '../domain/sscc';
import { FIELD_LABELS } from '../i18n/fields';
import type { SettingDefinition } from './setting-definition';

/** Settings of the category "general": the company (seller data) and outside services. */
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
    key: 'keepa_api_key',
    category: 'general',
    encrypted: true,
    label: 'Keepa-API-Schlüssel',
    description: 'Für EAN-Suche und Produktanreicherung',
    default: null,
    required: false,
  },
];
