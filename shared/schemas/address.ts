import { z } from 'zod';
import { VALIDATION } from '../i18n/validation';
import { optionalText } from './common';

/**
 * THE delivery address of an outbound order (spec part 2 §5): the one list of
 * its fields. The order request, the address PATCH, the stored order, the
 * response picks, the address rules (shared/domain/address.ts) and the forms'
 * drafts all derive from it.
 */

const requiredField = (max: number) => z.string({ error: VALIDATION.requiredFieldsMissing }).trim().min(1, VALIDATION.requiredFieldsMissing).max(max);

export const DeliveryAddress = z.object({
  delivery_name: requiredField(200),
  delivery_email: optionalText(200),
  delivery_address: requiredField(200),
  delivery_city: requiredField(100),
  delivery_postal_code: requiredField(20),
  delivery_country: requiredField(60).default('DE'),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;
export type DeliveryAddressField = keyof DeliveryAddress;

/** The field names, in the schema's order. */
export const DELIVERY_ADDRESS_KEYS: readonly DeliveryAddressField[] = DeliveryAddress.keyof().options;

/** An object with every delivery address field, each from `f` (e.g. trimmed text of a form). */
export function mapAddress<V>(f: (k: DeliveryAddressField) => V): Record<DeliveryAddressField, V> {
  return Object.fromEntries(DELIVERY_ADDRESS_KEYS.map((k) => [k, f(k)])) as Record<DeliveryAddressField, V>;
}

/** The delivery address fields as a .pick() mask, for the responses that carry an order's address. */
export const DELIVERY_ADDRESS_FIELDS = mapAddress(() => true as const);

/** The address as stored and answered: plain text (the request's checks and default are not repeated), the e-mail nullable. */
export const StoredDeliveryAddress = z.object(mapAddress(() => z.string())).extend({ delivery_email: z.string().nullable() });
export type StoredDeliveryAddress = z.infer<typeof StoredDeliveryAddress>;

/** A form's address: every field as typed text ('' for none). */
export type DeliveryAddressDraft = Record<DeliveryAddressField, string>;

/** The delivery address fields of a larger object (an order request, a stored order), nothing else. */
export function deliveryAddressOf<T extends { [K in DeliveryAddressField]?: unknown }>(o: T): Pick<T, DeliveryAddressField> {
  return mapAddress((k) => o[k]) as Pick<T, DeliveryAddressField>;
}
