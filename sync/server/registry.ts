import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { EntitySchema, EntityRow, OfflineCommandSpec, WorkingSetEntity } from '../../shared/offline';
import type { PatchGroup } from '../protocol';
import type { ChangeWindow } from './change-window';

/**
 * The server-side registry INTERFACES of offline features. The server binds
 * them to its own context (database, actor, config) in
 * server/offline-registry.ts; the sync layer only needs the shapes.
 *
 * A command is the same service function its REST route calls, wrapped with
 * the shared spec (name + zod args = the REST body) and an access check. The
 * push handler runs it inside the mutation's transaction; a business error
 * thrown there becomes a rejected mutation with code + params.
 */
export interface ServerCommand<Ctx, Access = string> {
  readonly name: string;
  readonly access: Access;
  readonly args: z.ZodType;
  run(ctx: Ctx, args: unknown): Promise<unknown>;
  /**
   * Optional: a run of consecutive mutations of this command in ONE step
   * (a set-based statement), with exactly the results `run` one after another
   * would give. A mutation `run` would refuse may be answered with RefusedInRun
   * (nothing of it booked); otherwise it applies all of them or throws (then
   * each runs alone).
   */
  runMany?(ctx: Omit<Ctx, 'mutationId'>, items: Array<{ args: unknown; mutationId: number }>): Promise<unknown[]>;
}

/**
 * The answer of runMany for a mutation that `run` would have refused: the
 * refusal `run` would throw (stored and answered as that mutation's
 * rejection), nothing of it booked. The run goes on with the next mutation.
 */
export class RefusedInRun {
  constructor(readonly error: unknown) {}
}

/** Binds a shared spec to its server handler; `run` gets the args as the spec's schema parsed them. */
export function serverCommand<Ctx, Access, S extends z.ZodType, R>(
  spec: OfflineCommandSpec<string, S>,
  access: Access,
  run: (ctx: Ctx, args: z.output<S>) => Promise<R>,
  runMany?: (ctx: Omit<Ctx, 'mutationId'>, items: Array<{ args: z.output<S>; mutationId: number }>) => Promise<R[]>,
): ServerCommand<Ctx, Access> {
  return {
    name: spec.name,
    access,
    args: spec.args,
    run: (ctx, args) => run(ctx, args as z.output<S>),
    ...(runMany ? { runMany: (ctx, items) => runMany(ctx, items as Array<{ args: z.output<S>; mutationId: number }>) } : {}),
  };
}

/**
 * What a device keeps offline, per user: one source per working-set entity.
 * With `since` null the full set (first pull or reset), otherwise only rows
 * changed in that window (puts, and dels for rows that left the set). Deleted
 * rows come from sync_tombstones (read by the pull, not by sources).
 * A source answers at most one put group and one del group: its rows have
 * distinct ids, so their order among each other does not matter.
 */
export interface WorkingSetSource<Tx, A> {
  readonly entity: string;
  load(trx: Tx, actor: A, since: ChangeWindow | null): Promise<PatchGroup[]>;
}

/** What a source's loader returns: a row to put, or the id of a row that left the set. */
export type SourceRow<T> = T | { del: number };

/**
 * Binds a shared entity to its server loader; rows are typed by the entity's schema and
 * go on the wire as value arrays in the entity's column order (keys outside the schema are not sent).
 */
export function workingSetSource<DB, A, S extends EntitySchema>(
  entity: WorkingSetEntity<string, S>,
  load: (trx: Transaction<DB>, actor: A, since: ChangeWindow | null) => Promise<Array<SourceRow<z.output<S>>>>,
): WorkingSetSource<Transaction<DB>, A> {
  const columns = [...entity.columns];
  return {
    entity: entity.name,
    async load(trx, actor, since) {
      const rows = await load(trx, actor, since);
      const put: unknown[][] = [];
      const del: number[] = [];
      for (const r of rows as Array<SourceRow<EntityRow>>) {
        if ('del' in r && typeof r.del === 'number') {
          del.push(r.del);
          continue;
        }
        const o = r as Record<string, unknown>;
        const values = new Array<unknown>(columns.length);
        for (let i = 0; i < columns.length; i++) values[i] = o[columns[i]] ?? null;
        put.push(values);
      }
      const out: PatchGroup[] = [];
      if (put.length) out.push({ entity: entity.name, columns, rows: put });
      if (del.length) out.push({ entity: entity.name, del });
      return out;
    },
  };
}
