import { z } from 'zod';

/**
 * The offline sync protocol (see ../shared/handbook/SYNC.md), in one place for
 * the device (sync/device) and the server (sync/server).
 *
 * Why it is shaped so: a device numbers its mutations 1, 2, 3, ... per clientId
 * (allocated in the same IndexedDB transaction that stores them), and the server
 * applies mutation n only after n-1, each exactly once, in the same database
 * transaction as its effect (Replicache/Zero style). Ordering never depends on
 * clocks; a retry after a lost response gets the stored outcome.
 */

export const PROTOCOL_VERSION = 1;
/** Version of the working-set shape; a device with another version gets a reset. */
export const WORKING_SET_SCHEMA_VERSION = 1;

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

export const PatchOp = z.object({
  op: z.enum(['put', 'del']),
  /** A working-set entity name (shared/offline.ts workingSetEntity). */
  entity: z.string().min(1).max(50),
  id: z.number(),
  data: z.unknown().optional(),
});
export type PatchOp = z.infer<typeof PatchOp>;

export const PullResponse = z.object({
  cookie: z.number(),
  lastMutationId: z.number(),
  reset: z.boolean().optional(),
  patch: z.array(PatchOp),
});
export type PullResponse = z.infer<typeof PullResponse>;
