import { z } from 'zod';
import { VALIDATION } from '../i18n/validation';
import { NullableTimestamp, Timestamp } from './common';

/** API keys of a customer (docs/operations.md "API keys"). The key itself is answered once, at creation. */

export const API_KEY_PREFIX = 'lw_';

export const ApiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to recognise it (never enough to use it). */
  prefix: z.string(),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
});
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeyList = z.array(ApiKey);
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const CreateApiKeyRequest = z.object({
  name: z.string({ error: VALIDATION.nameRequired }).trim().min(1, VALIDATION.nameRequired).max(200),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** The answer to creating a key: the only time the key is shown. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
