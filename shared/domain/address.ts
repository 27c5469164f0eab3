import { DELIVERY_ADDRESS_KEYS, type DeliveryAddress, type DeliveryAddressField } from '../schemas/address';
import { isGermany } from './countries';
import { VALIDATION } from '../i18n/validation';

/**
 * Delivery address rules (spec part 2 §5 address edit; DHL Parcel DE v2's postalCode and street rules).
 * Used by the order form, the address edit and the server, so all three refuse
 * the same addresses with the same words.
 *  - German PLZ: exactly 5 digits, ^(0[1-9]|[1-9][0-9])[0-9]{3}$ (00xxx does not
 *    exist). Kept as a string because of leading zeros (01067).
 *  - Other countries: 3–10 letters/digits (DHL v2 postalCode), spaces and a
 *    hyphen allowed inside ("1012 AB", "SW1A 1AA").
 *  - Street must contain a house number (carrier requirement): a number token
 *    that is not an ordinal ("Straße des 17. Juni" has none, "… 17. Juni 135"
 *    has one), at the start (FR/GB style "10 Downing Street") or after the
 *    name ("Hauptstr. 5a", "Am Markt 3-5", "Packstation 123").
 */

export const GERMAN_PLZ = /^(0[1-9]|[1-9][0-9])[0-9]{3}$/;
const FOREIGN_POSTAL_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;
const HOUSE_NUMBER = /(?:^|[\s,.])\d{1,5}\s?[a-zA-Z]?(?:\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?(?![\d.])(?=$|[\s,;])/;

export const ADDRESS_MESSAGES = {
  plzGerman: 'Die PLZ muss aus 5 Ziffern bestehen',
  postalCode: 'Bitte eine gültige Postleitzahl eingeben',
  houseNumber: 'Die Straße muss eine Hausnummer enthalten',
  required: VALIDATION.requiredFieldsMissing,
  email: VALIDATION.emailInvalid,
} as const;

export function postalCodeProblem(postalCode: string, country: string | null | undefined): string | null {
  const v = postalCode.trim();
  if (isGermany(country ?? 'DE')) return GERMAN_PLZ.test(v) ? null : ADDRESS_MESSAGES.plzGerman;
  return FOREIGN_POSTAL_CODE.test(v) ? null : ADDRESS_MESSAGES.postalCode;
}

export function hasHouseNumber(street: string): boolean {
  const v = street.trim();
  return /\p{L}/u.test(v) && HOUSE_NUMBER.test(v);
}

export function streetProblem(street: string): string | null {
  return hasHouseNumber(street) ? null : ADDRESS_MESSAGES.houseNumber;
}

/** What the rules check: a delivery address whose e-mail may be absent (the packing station's correction has none). */
export type AddressInput = Omit<DeliveryAddress, 'delivery_email'> & Partial<Pick<DeliveryAddress, 'delivery_email'>>;

/** Field -> German message. */
export type AddressProblems = Partial<Record<DeliveryAddressField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field -> German message for every problem; empty when the address is fine. */
export function addressProblems(a: AddressInput): AddressProblems {
  const out: AddressProblems = {};
  // Every field but the optional e-mail is required.
  for (const f of DELIVERY_ADDRESS_KEYS) {
    if (f !== 'delivery_email' && !a[f]?.trim()) out[f] = ADDRESS_MESSAGES.required;
  }
  if (a.delivery_email?.trim() && !EMAIL.test(a.delivery_email.trim())) out.delivery_email = ADDRESS_MESSAGES.email;
  if (!out.delivery_address) {
    const p = streetProblem(a.delivery_address);
    if (p) out.delivery_address = p;
  }
  if (!out.delivery_postal_code) {
    const p = postalCodeProblem(a.delivery_postal_code, a.delivery_country);
    if (p) out.delivery_postal_code = p;
  }
  return out;
}

/**
 * Splits a one-line street into street name and house number, as carriers
 * want them (DHL v2 addressStreet ≤ 50, addressHouse ≤ 10):
 *  "Hauptstraße 5" -> Hauptstraße / 5; "Am Markt 3-5" -> Am Markt / 3-5;
 *  "Straße des 17. Juni 135" -> Straße des 17. Juni / 135;
 *  "Hauptstr. 5 a" -> Hauptstr. / 5 a; "10 Downing Street" -> Downing Street / 10.
 * Without a recognisable number the whole line is the street and house is
 * null (DHL then checks the street alone; no "." placeholder).
 */
const TRAILING_HOUSE = /^(.*?\p{L}.*?)[\s,]+(\d{1,5}\s?[a-zA-Z]?(?:\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?)$/u;
const LEADING_HOUSE = /^(\d{1,5}\s?[a-zA-Z]?(?:\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?)[\s,]+(.*\p{L}.*)$/u;

export function splitStreet(line: string): { street: string; house: string | null } {
  const v = line
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\s,;]+$/, '');
  const trailing = TRAILING_HOUSE.exec(v);
  if (trailing?.[1] && trailing[2]) return { street: trailing[1].replace(/,$/, '').trim(), house: trailing[2].trim() };
  const leading = LEADING_HOUSE.exec(v);
  if (leading?.[1] && leading[2] && !/^\d+\.$/.test(leading[1])) return { street: leading[2].trim(), house: leading[1].trim() };
  return { street: v, house: null };
}
