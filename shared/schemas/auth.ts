import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { ROLES } from '../domain/roles';
import { bodyId, NullableTimestamp, OkResponse, Timestamp } from './common';
import { VALIDATION } from '../i18n/validation';
import { LANGUAGES } from '../i18n/languages';

/** The handheld language of a user (docs/architecture.md "Languages"). */
export const LanguageField = z.enum(LANGUAGES, { error: VALIDATION.languageInvalid });

export const LoginPasswordRequest = z.object({
  email: z.string().trim().min(1, VALIDATION.emailRequired).max(320),
  password: z.string().min(1, VALIDATION.passwordRequired).max(500),
  /** Chosen on the login screen: stored with the user. */
  language: LanguageField.optional(),
});
export type LoginPasswordRequest = z.infer<typeof LoginPasswordRequest>;

export const LoginQrRequest = z.object({
  qr_token: z.string().trim().min(1, VALIDATION.qrTokenRequired).max(500),
  language: LanguageField.optional(),
});
export type LoginQrRequest = z.infer<typeof LoginQrRequest>;

/**
 * The Arbeitsbereich of a staff user (docs/sync.md "Entities"): the rooms whose places and stock
 * their handheld holds. Empty: the whole warehouse. Customer users ignore it.
 */
export const WorkRoomIds = z.array(bodyId()).max(1000);

export const User = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  role: z.enum(ROLES),
  is_admin: z.boolean(),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable().optional(),
  is_active: z.boolean(),
  accessible_customer_ids: z.array(z.number()),
  is_exclude: z.boolean(),
  work_room_ids: WorkRoomIds,
  sound_enabled: z.boolean(),
  language: LanguageField,
  has_password: z.boolean().optional(),
  created_at: Timestamp.optional(),
  updated_at: NullableTimestamp.optional(),
});
export type User = z.infer<typeof User>;

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  user: User,
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const UpdateMeRequest = z.object({
  email: z.email(VALIDATION.emailInvalid).max(320),
  full_name: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => v?.trim() || null),
  sound_enabled: z.boolean().optional(),
  language: LanguageField.optional(),
  /** Required when the e-mail (the login name) changes and the user has a password. */
  current_password: z.string().max(500).optional(),
});
export type UpdateMeRequest = z.infer<typeof UpdateMeRequest>;

export const ChangePasswordRequest = z.object({
  old_password: z.string().min(1, VALIDATION.oldPasswordRequired),
  new_password: z.string().min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort).max(500),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The change ends every older session, this one included: the answer carries its successor. */
export const ChangePasswordResponse = OkResponse.extend({ access_token: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** Active demo accounts whose published password or QR badge still works (admin banner). */
export const DemoLoginsResponse = z.object({ emails: z.array(z.string()) });
export type DemoLoginsResponse = z.infer<typeof DemoLoginsResponse>;
