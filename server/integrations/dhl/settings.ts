import { LABEL_OUTPUT_SETTING_KEY, type LabelOutput } from '../../../shared/domain/labels';
import { SETTING_BY_KEY } from '../../../shared/schemas/settings';
import type { AppConfig } from '../../config';
import type { DbOrTrx } from '../../db/index';
import { AppError } from '../../errors';
import { decryptedValue } from '../../features/settings/service';

/**
 * DHL's settings (Einstellungen → Versand), read through the encrypted
 * settings service. Base URL: the environment variable DHL_API_BASE_URL
 * (config.dhlApiBaseUrl) overrides the setting dhl_api_environment
 * (docs/fulfilment.md "DHL Parcel DE Shipping v2").
 */
export const DHL_BASE_URLS = {
  production: 'https://api-eu.dhl.com/parcel/de/shipping/v2',
  sandbox: 'https://api-sandbox.dhl.com/parcel/de/shipping/v2',
} as const;

export interface DhlSettings {
  baseUrl: string;
  apiKey: string;
  user: string;
  password: string;
  billingNumber: string;
  /** Setting label_output: DHL answers with ZPL2 instead of PDF when zpl (default pdf). */
  labelOutput?: LabelOutput;
  /** V53WPAK abroad; null when not set (then only German shipments work). */
  billingNumberInternational: string | null;
  shipper: {
    name1: string;
    name2: string | null;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    email: string | null;
  };
}

const REQUIRED = [
  'dhl_api_key',
  'dhl_api_user',
  'dhl_api_password',
  'dhl_billing_number',
  'dhl_shipper_name',
  'dhl_shipper_street',
  'dhl_shipper_postal_code',
  'dhl_shipper_city',
  'dhl_shipper_country',
] as const;
const OPTIONAL = ['dhl_api_environment', 'dhl_billing_number_international', 'dhl_shipper_name2', 'dhl_shipper_email', LABEL_OUTPUT_SETTING_KEY] as const;
type Key = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

function missingError(keys: readonly string[]): AppError {
  const labels = keys.map((k) => SETTING_BY_KEY.get(k)?.label ?? k);
  return new AppError('DHL_SETTINGS_MISSING', { missing: labels.join(', '), keys });
}

/**
 * All DHL settings, or a German 409 naming Einstellungen → Versand and the
 * missing fields. `international`: the shipment leaves Germany, so the
 * international billing number is required too.
 */
export async function loadDhlSettings(db: DbOrTrx, config: Pick<AppConfig, 'settingsKey' | 'dhlApiBaseUrl'>, international: boolean): Promise<DhlSettings> {
  const values = {} as Record<Key, string | null>;
  for (const k of [...REQUIRED, ...OPTIONAL]) values[k] = (await decryptedValue(db, config.settingsKey, k))?.trim() || null;
  const missing: string[] = REQUIRED.filter((k) => !values[k]);
  if (international && !values.dhl_billing_number_international) missing.push('dhl_billing_number_international');
  if (missing.length > 0) throw missingError(missing);
  const v = values as Record<(typeof REQUIRED)[number], string> & Record<(typeof OPTIONAL)[number], string | null>;
  const environment = v.dhl_api_environment === 'production' ? 'production' : 'sandbox';
  return {
    baseUrl: (config.dhlApiBaseUrl || DHL_BASE_URLS[environment]).replace(/\/+$/, ''),
    apiKey: v.dhl_api_key,
    user: v.dhl_api_user,
    password: v.dhl_api_password,
    labelOutput: v.label_output === 'zpl' ? 'zpl' : 'pdf',
    billingNumber: v.dhl_billing_number,
    billingNumberInternational: v.dhl_billing_number_international,
    shipper: {
      name1: v.dhl_shipper_name,
      name2: v.dhl_shipper_name2,
      street: v.dhl_shipper_street,
      postalCode: v.dhl_shipper_postal_code,
      city: v.dhl_shipper_city,
      country: v.dhl_shipper_country,
      email: v.dhl_shipper_email,
    },
  };
}
