import { z } from 'zod';
import { DEFAULT_CUSTOMER_COUNTRY, PASSWORD_MIN_LENGTH } from '../constants';
import { workingSetEntity } from '../offline';
import { optionalText, Timestamp } from './common';
import { VALIDATION } from '../i18n/validation';

/** Kunden (spec part 1 §3 Customer, §5 customer form). Delete deactivates. */

export const Customer = z.object({
  id: z.number(),
  customer_number: z.string(),
  company_name: z.string(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Customer = z.infer<typeof Customer>;
export const CustomerList = z.array(Customer);
export type CustomerList = z.infer<typeof CustomerList>;

export const CustomersQuery = z.object({
  active_only: z.enum(['true', 'false']).optional(),
});

const OptionalEmail = z
  .string()
  .trim()
  .max(320)
  .nullish()
  .transform((v) => v || null)
  .pipe(z.email(VALIDATION.emailInvalid).nullable());

const fields = {
  contact_person: optionalText(200),
  email: OptionalEmail,
  phone: optionalText(100),
  address_line1: optionalText(300),
  address_line2: optionalText(300),
  postal_code: optionalText(20),
  city: optionalText(200),
  notes: optionalText(5000),
};

export const CreateCustomerRequest = z.object({
  /** Generated (K-10003, …) when empty. */
  customer_number: optionalText(50),
  company_name: z.string({ error: VALIDATION.companyNameRequired }).trim().min(1, VALIDATION.companyNameRequired).max(300),
  country: optionalText(100).transform((v) => v ?? DEFAULT_CUSTOMER_COUNTRY),
  ...fields,
});
export type CreateCustomerRequest = z.infer<typeof CreateCustomerRequest>;
export type CreateCustomerInput = z.input<typeof CreateCustomerRequest>;

/** PATCH: only the fields sent change; is_active: true reactivates. */
export const UpdateCustomerRequest = z.object({
  customer_number: z.string().trim().min(1, VALIDATION.customerNumberRequired).max(50).optional(),
  company_name: z.string().trim().min(1, VALIDATION.companyNameRequired).max(300).optional(),
  country: optionalText(100).optional(),
  contact_person: fields.contact_person.optional(),
  email: fields.email.optional(),
  phone: fields.phone.optional(),
  address_line1: fields.address_line1.optional(),
  address_line2: fields.address_line2.optional(),
  postal_code: fields.postal_code.optional(),
  city: fields.city.optional(),
  notes: fields.notes.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateCustomerRequest = z.infer<typeof UpdateCustomerRequest>;
export type UpdateCustomerInput = z.input<typeof UpdateCustomerRequest>;

export const DeactivateCustomerResponse = z.object({ ok: z.literal(true), message: z.string(), customer: Customer });

/** A customer's login: the e-mail doubles as username; a password is required. */
export const CreateCustomerUserRequest = z.object({
  email: z.string({ error: VALIDATION.emailRequired }).trim().min(1, VALIDATION.emailRequired).max(320).pipe(z.email(VALIDATION.emailInvalid)),
  full_name: optionalText(200),
  password: z.string({ error: VALIDATION.passwordRequired }).min(1, VALIDATION.passwordRequired).min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort).max(500),
});
export type CreateCustomerUserRequest = z.infer<typeof CreateCustomerUserRequest>;

/** Working-set row: a customer the device may book for offline. */
export const WsCustomer = Customer.pick({ id: true, customer_number: true, company_name: true, is_active: true });
export type WsCustomer = z.infer<typeof WsCustomer>;
export const CustomerEntity = workingSetEntity('customer', WsCustomer);
