import type { z } from 'zod';
import {
  type EntityRow,
  type EntitySchema,
  nulRejection,
  type OfflineCommandSpec,
  type Rejection,
  validationRejection,
  type WorkingSetEntity,
} from '../../shared/offline';
import { enqueue } from './outbox';
import { PACK_STORES, type PackedTable } from './packed';
import type { DeviceDb, LocalEffect, OutboxEntry } from './types';

/**
 * The device-side registry of offline features (docs/architecture.md "How to add an offline command").
 *
 * A device command binds a shared spec (name + args schema) to what the
 * device does when a person triggers it: `plan` reads the local working set,
 * may refuse (throw), and returns the German label of the outbox entry and
 * its optimistic effect. `enqueue` validates the args with the SAME schema the
 * server parses them with, so the device never queues what the server would
 * refuse for its shape, and runs plan + id allocation in one Dexie
 * transaction (two fast scans cannot both take the last unit).
 *
 * A device table binds a shared working-set entity to its Dexie indexes, or
 * stores it packed (packed.ts).
 */

/** The args of a command did not pass its schema on the device (nothing queued). */
export class DeviceArgsError extends Error {
  constructor(readonly rejection: Rejection) {
    super(`${rejection.code}: ${String(rejection.params.field ?? '')} ${String(rejection.params.reason ?? '')}`);
    this.name = 'DeviceArgsError';
  }
}

export interface Plan {
  /** One German line for the Synchronisierung screen. */
  label: string;
  effect?: LocalEffect;
}

export interface DeviceCommand<S extends z.ZodType = z.ZodType, D extends DeviceDb = DeviceDb> {
  readonly name: string;
  readonly spec: OfflineCommandSpec<string, S>;
  /** Validates, plans and queues one mutation of this command for the user's stream. */
  enqueue(db: D, userId: number, args: z.input<S>): Promise<OutboxEntry>;
}

export interface DeviceCommandOptions<S extends z.ZodType> {
  /** Last write wins: a not yet sent entry with the same key is overwritten (outbox.ts EnqueueInput.replaceKey). */
  replaceKey?: (args: z.output<S>) => string;
}

export function defineDeviceCommand<S extends z.ZodType, D extends DeviceDb>(
  spec: OfflineCommandSpec<string, S>,
  plan: (args: z.output<S>, db: D) => Promise<Plan> | Plan,
  options: DeviceCommandOptions<S> = {},
): DeviceCommand<S, D> {
  return {
    name: spec.name,
    spec,
    async enqueue(db, userId, args) {
      const nul = nulRejection(args);
      if (nul) throw new DeviceArgsError(nul);
      const parsed = spec.args.safeParse(args);
      if (!parsed.success) throw new DeviceArgsError(validationRejection(parsed.error));
      return db.transaction('rw', [db.meta, db.outbox, ...db.workingSetTables()], async () => {
        const { label, effect } = await plan(parsed.data, db);
        const replaceKey = options.replaceKey?.(parsed.data);
        return enqueue(db, { userId, name: spec.name, args, label, ...(effect ? { effect } : {}), ...(replaceKey ? { replaceKey } : {}) });
      });
    },
  };
}

/** A working-set entity stored one row per Dexie record, with its own indexes. */
export interface DeviceTable {
  readonly name: string;
  readonly schema: z.ZodType<EntityRow>;
  /** Dexie index spec, primary key first (always `id`). */
  readonly indexes: string;
}

/** Either kind of working-set table: one record per row (small entities) or packed (packed.ts, large ones). */
export type WorkingSetTable = DeviceTable | PackedTable;

export const isPacked = (t: WorkingSetTable): t is PackedTable => 'packBy' in t;

export function deviceTable<S extends EntitySchema>(entity: WorkingSetEntity<string, S>, indexes: string): DeviceTable {
  if (!indexes.startsWith('id')) throw new Error(`working-set table ${entity.name}: the primary key must be id`);
  return { name: entity.name, schema: entity.schema, indexes };
}

/** Dexie stores of the registered tables: each plain one, and the two tables all packed ones share. */
export function storesOf(tables: readonly WorkingSetTable[]): Record<string, string> {
  const plain = tables.filter((t): t is DeviceTable => !isPacked(t));
  return { ...Object.fromEntries(plain.map((t) => [t.name, t.indexes])), ...(plain.length < tables.length ? PACK_STORES : {}) };
}
