import type { z } from 'zod';
import type { AccessLevel } from '../shared/domain/roles';
import type { EntitySchema, OfflineCommandSpec, WorkingSetEntity } from '../shared/offline';
import type { ChangeWindow } from '../sync/server/change-window';
import { type ServerCommand, type SourceRow, serverCommand, type WorkingSetSource, workingSetSource } from '../sync/server/registry';
import type { Actor } from './auth/actor';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { Trx } from './db/index';

/**
 * The server's binding of the sync registry interfaces (see docs/architecture.md "How to add an offline command"):
 * a command runs with the mutation's transaction, the actor, the config and
 * the mutation's identity (movements are tagged with it); a working-set
 * source loads rows for one actor. Features define theirs with these two
 * helpers in their commands.ts / working-set.ts, and server/offline-registry.ts
 * lists them.
 */
export interface CommandContext {
  trx: Trx;
  actor: Actor;
  config: AppConfig;
  clientId: string;
  mutationId: number;
}

export type OfflineCommand = ServerCommand<CommandContext, AccessLevel>;
export type Source = WorkingSetSource<Trx, Actor>;

/**
 * A feature's offline command: the shared spec, who may run it, and the
 * service call (the same one its REST route makes); optionally `many`, the
 * same effect for a run of queued mutations in one statement (replay speed,
 * see ServerCommand.runMany).
 */
export function defineCommand<S extends z.ZodType, R>(
  spec: OfflineCommandSpec<string, S>,
  access: AccessLevel,
  run: (ctx: CommandContext, args: z.output<S>) => Promise<R>,
  many?: (ctx: Omit<CommandContext, 'mutationId'>, items: Array<{ args: z.output<S>; mutationId: number }>) => Promise<R[]>,
): OfflineCommand {
  return serverCommand<CommandContext, AccessLevel, S, R>(spec, access, run, many);
}

/** A feature's working-set source: the shared entity and the rows one actor's device keeps (or `{ del: id }` for rows that left the set). */
export function defineSource<S extends EntitySchema>(
  entity: WorkingSetEntity<string, S>,
  load: (trx: Trx, actor: Actor, since: ChangeWindow | null) => Promise<Array<SourceRow<z.output<S>>>>,
): Source {
  return workingSetSource<Database, Actor, S>(entity, load);
}
