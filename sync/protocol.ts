import { z } from 'zod';

/**
 * The offline sync protocol (see docs/sync.md), in one place for
 * the device (sync/device) and the server (sync/server).
 *
 * Why it is shaped so: a device numbers its mutations 1, 2, 3, ... per clientId
 * (allocated in the same IndexedDB transaction that stores them), and the server
 * applies mutation n only after n-1, each exactly once, in the same database
 * transaction as its effect (Replicache/Zero style). Ordering never depends on
 * clocks; a retry after a lost response gets the stored outcome.
 */

/**
 * 2: the pull answers in column groups (PatchGroup). A device of protocol 1 cannot read them: its
 * pushes get 426 (update the app, the queue stays) and its pulls are refused by its own answer check.
 */
export const PROTOCOL_VERSION = 2;
/**
 * Version of the working-set shape; a device with another version gets a reset.
 * 2: products without packaging fields. 3: places carry is_blocked. 4: open returns (entity returns).
 * 5: places carry the stocktake freezing them; the places of counting stocktakes (entity stocktakePlaces).
 * 6: staff devices hold the products they work on, not the whole catalogue (a reset drops the rest).
 */
export const WORKING_SET_SCHEMA_VERSION = 6;

/**
 * Offline command names and working-set entity names are not listed here:
 * each is defined once with its schema in shared/schemas/<area>.ts
 * (shared/offline.ts) and registered in one list per side
 * (server/offline-registry.ts, client/offline-registry.ts). On the wire a
 * name is a string; each side checks it against its registry.
 */

export const Mutation = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(100),
  args: z.unknown(),
  /** Author; the server checks it equals the authenticated user. */
  userId: z.number().int().positive().optional(),
  /** Device clock, informational only (never used for ordering). */
  createdAt: z.string().max(40).optional(),
});
export type Mutation = z.infer<typeof Mutation>;

export const PushRequest = z.object({
  protocolVersion: z.number().int(),
  schemaVersion: z.number().int(),
  clientId: z.string().min(8).max(100),
  mutations: z.array(Mutation).max(500),
});
export type PushRequest = z.infer<typeof PushRequest>;

export const MutationStatus = z.enum(['applied', 'rejected', 'duplicate']);
export type MutationStatus = z.infer<typeof MutationStatus>;

export const MutationResult = z.object({
  id: z.number(),
  status: MutationStatus,
  /** For duplicates: the stored outcome of the first application. */
  original: z.enum(['applied', 'rejected']).optional(),
  result: z.unknown().optional(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type MutationResult = z.infer<typeof MutationResult>;

export const PushResponse = z.object({
  lastMutationId: z.number(),
  results: z.array(MutationResult),
  /** Set with HTTP 409: the id the server expects next. */
  expectedId: z.number().optional(),
});
export type PushResponse = z.infer<typeof PushResponse>;

/**
 * Body of a refused push: 409 (out of order: expectedId, results of what was
 * handled before) and 503 (stopped by an outage: lastMutationId, results so
 * far), or any other error answer ({detail, code, params}) of the route.
 */
export const PushErrorResponse = z.looseObject({
  detail: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  lastMutationId: z.number().optional(),
  results: z.array(MutationResult).optional(),
  expectedId: z.number().optional(),
});
export type PushErrorResponse = z.infer<typeof PushErrorResponse>;

export const PullRequest = z.object({
  clientId: z.string().min(8).max(100),
  /**
   * The cookie of the last pull, stored and sent back as is (opaque: the server
   * encodes its snapshot position, see sync/server/change-window.ts); null for a
   * first pull.
   */
  cookie: z.number().int().nonnegative().nullable(),
  schemaVersion: z.number().int(),
});
export type PullRequest = z.infer<typeof PullRequest>;

const EntityName = z.string().min(1).max(50);

/** One row operation; what the device applies, unpacked from the answer's groups (see opsOf). */
export interface PatchOp {
  op: 'put' | 'del';
  entity: string;
  id: number;
  /** The row, for a put. */
  data?: Record<string, unknown>;
}

/**
 * Rows of one working-set entity to put: `columns` are the keys of the entity's row
 * schema (shared/offline.ts workingSetEntity), each row holds the values in that order.
 * Checked here for shape only (an array of as many values as columns, a numeric id); the
 * values are typed by the entity's schema on the server that wrote them, so a device does
 * not parse every field of a few hundred thousand rows.
 */
export const PutGroup = z
  .object({
    entity: EntityName,
    columns: z.array(z.string().min(1).max(100)).min(1).max(100),
    rows: z.array(z.unknown()),
  })
  .refine(
    (g) => {
      const id = g.columns.indexOf('id');
      return id >= 0 && g.rows.every((r) => Array.isArray(r) && r.length === g.columns.length && typeof r[id] === 'number');
    },
    { message: 'rows do not match columns' },
  );
export type PutGroup = Omit<z.infer<typeof PutGroup>, 'rows'> & { rows: unknown[][] };

/** Ids of rows of one entity that left the working set. */
export const DelGroup = z.object({ entity: EntityName, del: z.array(z.number()) });
export type DelGroup = z.infer<typeof DelGroup>;

/** Groups apply in order: a put after a del of the same row wins, and the other way round. */
export const PatchGroup = z.union([PutGroup, DelGroup]);
export type PatchGroup = PutGroup | DelGroup;

export const PullResponse = z.object({
  cookie: z.number(),
  lastMutationId: z.number(),
  reset: z.boolean().optional(),
  patch: z.array(PatchGroup),
});
export type PullResponse = Omit<z.infer<typeof PullResponse>, 'patch'> & { patch: PatchGroup[] };

/** A row of a put group as the object the device stores. */
export function rowObject(columns: readonly string[], row: readonly unknown[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) o[columns[i]] = row[i];
  return o;
}

/** The answer's groups as single row operations, in order (for tests and small answers). */
export function opsOf(res: Pick<PullResponse, 'patch'>): PatchOp[] {
  const out: PatchOp[] = [];
  for (const g of res.patch) {
    if ('del' in g) for (const id of g.del) out.push({ op: 'del', entity: g.entity, id });
    else for (const r of g.rows) out.push({ op: 'put', entity: g.entity, id: r[g.columns.indexOf('id')] as number, data: rowObject(g.columns, r) });
  }
  return out;
}
