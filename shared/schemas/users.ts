import { z } from 'zod';
import { ROLES } from '../domain/roles';
import { User } from './auth';
import { bodyId, idNumber, optionalText } from './common';
import { VALIDATION } from '../i18n/validation';

/**
 * Benutzerverwaltung (admin) and Kundenzugriff (spec part 1 §2, §5, §7).
 * Cross-field rules (customer_user needs a customer and a password) live in the
 * service, so they answer with their own stable codes and German texts.
 */

const Username = z.string().trim().min(1, VALIDATION.usernameRequired).max(100);

/** Optional e-mail: '' and null mean none; otherwise it must be valid. */
const OptionalEmail = z
  .string()
  .trim()
  .max(320)
  .nullish()
  .transform((v) => v || null)
  .pipe(z.email(VALIDATION.emailInvalid).nullable());

/** '' or null mean "no password" on create and "unchanged" on edit; the length rule is checked in the service. */
const OptionalPassword = z
  .string()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null));

const Role = z.enum(ROLES, { error: VALIDATION.roleRequired });
const CustomerRef = bodyId()
  .nullish()
  .transform((v) => v ?? null);

/** Sent only when the Arbeitsbereich is to be set (admin only, like the customer access list). */
const WorkArea = User.pick({ work_room_ids: true }).partial();

export const CreateUserRequest = z
  .object({
    username: Username,
    email: OptionalEmail,
    full_name: optionalText(200),
    password: OptionalPassword,
    is_admin: z.boolean().optional().default(false),
    role: Role,
    customer_id: CustomerRef,
  })
  .extend(WorkArea.shape);
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;
export type CreateUserInput = z.input<typeof CreateUserRequest>;

/** PUT /auth/users/{id}: the form's fields. The username may be sent but must not change. */
export const UpdateUserRequest = z
  .object({
    username: Username.optional(),
    email: OptionalEmail.optional(),
    full_name: optionalText(200).optional(),
    password: OptionalPassword.optional(),
    is_admin: z.boolean().optional(),
    role: Role,
    customer_id: CustomerRef.optional(),
    is_active: z.boolean().optional(),
  })
  .extend(WorkArea.shape);
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;
export type UpdateUserInput = z.input<typeof UpdateUserRequest>;

export const UserList = z.array(User);
export type UserList = z.infer<typeof UserList>;

export const QrCodeParams = z.object({ userId: idNumber() });

/**
 * A freshly generated QR login token. Every request replaces the stored one, so
 * printing a new code invalidates the previously printed code. qr_token is the
 * printed content itself (the admin prints it anyway); qr_code_base64 is a PNG
 * without the data: prefix.
 */
export const QrCodeResponse = z.object({
  user_id: z.number(),
  username: z.string(),
  full_name: z.string().nullable(),
  qr_token: z.string(),
  qr_code_base64: z.string(),
});
export type QrCodeResponse = z.infer<typeof QrCodeResponse>;

export const CustomerAccessRequest = z.object({
  customer_ids: z.array(bodyId()).max(10_000),
  is_exclude: z.boolean(),
});
export type CustomerAccessRequest = z.infer<typeof CustomerAccessRequest>;
