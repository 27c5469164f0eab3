import type { z } from 'zod';
import { findNulCharacter } from './domain/control-characters';
import { fieldLabel } from './i18n/fields';
import { validationReasonCode } from './i18n/errors/refusal-words';
import { ZOD_REASONS } from './i18n/zod-reasons';

/**
 * The shared half of an offline feature (see docs/architecture.md "How to add an offline command"): the name and
 * args schema of each offline command, and the name and row schema of each
 * working-set entity. Both are defined ONCE, next to the feature's other
 * schemas in shared/schemas/<area>.ts, and referenced by the server command,
 * the device command, the server source and the Dexie table, so a name or a
 * shape cannot drift between the device and the server.
 */

/** An offline command: its wire name and its args schema (= the body of its REST twin). */
export interface OfflineCommandSpec<N extends string = string, S extends z.ZodType = z.ZodType> {
  readonly name: N;
  readonly args: S;
}

export function offlineCommand<const N extends string, S extends z.ZodType>(name: N, args: S): OfflineCommandSpec<N, S> {
  return { name, args };
}

/** A row type the device keeps in a working-set table: keyed by the server id. */
export type EntityRow = { id: number };

/** A row schema of the working set: an object schema, so its keys are the entity's columns on the wire. */
export type EntitySchema = z.ZodObject & z.ZodType<EntityRow>;

/**
 * A working-set entity: its name on the wire (PatchGroup.entity, Dexie table name), its row schema,
 * and the columns a pull sends its rows in (the schema's keys, in their order).
 */
export interface WorkingSetEntity<N extends string = string, S extends EntitySchema = EntitySchema> {
  readonly name: N;
  readonly schema: S;
  readonly columns: readonly string[];
}

export function workingSetEntity<const N extends string, S extends EntitySchema>(name: N, schema: S): WorkingSetEntity<N, S> {
  return { name, schema, columns: Object.keys(schema.shape) };
}

/** A refusal with a stable code and params (the German text comes from the catalogue). */
export interface Rejection {
  code: string;
  params: Record<string, unknown>;
}

/** How a zod failure of command args is reported, on the device and the server alike: VALIDATION + German field name. */
export function validationRejection(err: z.ZodError): Rejection {
  const issue = err.issues[0];
  const path = issue?.path ?? [];
  const reason = issue?.message ?? 'ungültig';
  return { code: 'VALIDATION', params: { field: fieldLabel(path), reason, path: path.map(String).join('.'), ...validationReasonCode(reason) } };
}

/**
 * A NUL anywhere in command args (PostgreSQL cannot store it): the HTTP check leaves the push body to this,
 * so one such mutation is rejected and the queue goes on, instead of failing in the database.
 */
export function nulRejection(args: unknown): Rejection | null {
  const path = findNulCharacter(args);
  if (!path) return null;
  return {
    code: 'VALIDATION',
    params: {
      field: fieldLabel(path),
      reason: ZOD_REASONS.controlCharacter,
      path: path.map(String).join('.'),
      ...validationReasonCode(ZOD_REASONS.controlCharacter),
    },
  };
}
