import type { ZodType } from 'zod';
import type { AccessLevel } from '../../shared/domain/roles';
import type { Actor } from '../../server/auth/actor';
import type { AppConfig } from '../../server/config';
import type { Trx } from '../../server/db/index';
import type { CommandName } from '../protocol';

/**
 * Offline commands. Each is the same service function its REST route calls,
 * wrapped with the zod schema of its args (= the REST body) and the access
 * level. The push handler runs `run` inside the mutation's transaction;
 * an AppError thrown there becomes a rejected mutation with code + params.
 */
export interface CommandContext {
  trx: Trx;
  actor: Actor;
  config: AppConfig;
  clientId: string;
  mutationId: number;
}

export interface OfflineCommand<A = unknown, R = unknown> {
  name: CommandName;
  access: AccessLevel;
  args: ZodType<A>;
  run(ctx: CommandContext, args: A): Promise<R>;
}

/** Helper that keeps the args type of a command definition. */
export function defineCommand<A, R>(cmd: OfflineCommand<A, R>): OfflineCommand<A, R> {
  return cmd;
}
