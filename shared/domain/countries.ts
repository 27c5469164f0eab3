/**
 * Countries of delivery addresses (spec part 2 §9). Orders store the ISO
 * 3166-1 alpha-2 code; older data and the address edit may carry a German
 * name ("Deutschland") or "UK", so everything goes through normalizeCountry.
 */

export const DEFAULT_ORDER_COUNTRY_CODE = 'DE';

/** The spec's name map. UK is not ISO but shows up in data; it means GB. */
export const COUNTRY_NAMES: Record<string, string> = {
  DE: 'Deutschland',
  AT: 'Österreich',
  CH: 'Schweiz',
  NL: 'Niederlande',
  BE: 'Belgien',
  FR: 'Frankreich',
  IT: 'Italien',
  PL: 'Polen',
  CZ: 'Tschechien',
  ES: 'Spanien',
  GB: 'Großbritannien',
  UK: 'Großbritannien',
};

/** The address-edit dropdown of the spec, in its order (codes; labels via countryName). */
export const ADDRESS_EDIT_COUNTRIES = ['DE', 'AT', 'CH', 'NL', 'BE', 'FR', 'IT', 'PL', 'CZ', 'ES', 'GB'] as const;

/** German name for a code (or the input when unknown). */
export function countryName(codeOrName: string | null | undefined): string {
  if (!codeOrName) return '–';
  const code = normalizeCountry(codeOrName);
  return (code && COUNTRY_NAMES[code]) || codeOrName;
}

/**
 * "de", "DE", "Deutschland", " deutschland " -> "DE"; "UK" -> "GB"; an unknown
 * two-letter code is upper-cased and returned (the server checks it against
 * the countries table); anything else -> null.
 */
export function normalizeCountry(input: string | null | undefined): string | null {
  const v = input?.trim();
  if (!v) return null;
  const upper = v.toUpperCase();
  if (upper === 'UK') return 'GB';
  if (/^[A-Z]{2}$/.test(upper)) return upper;
  const lower = v.toLowerCase();
  for (const [code, name] of Object.entries(COUNTRY_NAMES)) {
    if (name.toLowerCase() === lower) return code === 'UK' ? 'GB' : code;
  }
  return null;
}

export function isGermany(codeOrName: string | null | undefined): boolean {
  return normalizeCountry(codeOrName) === 'DE';
}

/**
 * ISO 3166-1 alpha-3 of the delivery countries (every row of the countries
 * table, migration 0001): DHL Parcel DE v2 takes only alpha-3 (docs/fulfilment.md "DHL Parcel DE Shipping v2").
 */
export const COUNTRY_ALPHA3: Record<string, string> = {
  DE: 'DEU',
  AT: 'AUT',
  CH: 'CHE',
  NL: 'NLD',
  BE: 'BEL',
  FR: 'FRA',
  IT: 'ITA',
  PL: 'POL',
  CZ: 'CZE',
  ES: 'ESP',
  GB: 'GBR',
  DK: 'DNK',
  LU: 'LUX',
  SE: 'SWE',
};

/** "DE", "Deutschland", "UK" -> "DEU", "GBR"; an already alpha-3 code is kept; unknown -> null. */
export function countryAlpha3(codeOrName: string | null | undefined): string | null {
  const v = codeOrName?.trim().toUpperCase();
  if (v && /^[A-Z]{3}$/.test(v) && Object.values(COUNTRY_ALPHA3).includes(v)) return v;
  const code = normalizeCountry(codeOrName);
  return (code && COUNTRY_ALPHA3[code]) || null;
}
