import type { Rejection } from '../../shared/offline';

/**
 * Limits on a mutation's args, checked before its command runs (docs/sync.md
 * "Push"). Why: args arrive as `z.unknown()`, and anything that walks them
 * recursively (zod, JSON.stringify when the outcome is stored, PostgreSQL's
 * jsonb parser) can overflow its stack on deep nesting, and a huge value
 * bloats sync_mutations forever. A refused mutation is an ordinary rejection,
 * so the device's queue moves on.
 */

/** No offline command's args come near this; a REST body is a flat object with small arrays. */
export const MAX_ARGS_DEPTH = 20;
/** Per mutation, as serialized JSON (UTF-8). */
export const MAX_ARGS_BYTES = 64 * 1024;

/**
 * Walks the value without recursion (a stack of [value, depth]) and stops at
 * the first violation, so 100,000 levels cost one pass and no call stack.
 */
function walk(args: unknown): Rejection | null {
  const stack: Array<[unknown, number]> = [[args, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    // A NUL in a string is the command's VALIDATION refusal (shared/offline.ts nulRejection), which names the field.
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_ARGS_DEPTH) return { code: 'SYNC_ARGS_TOO_DEEP', params: { maxDepth: MAX_ARGS_DEPTH } };
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return null;
}

/** The rejection for args over a limit, or null when the command may run. */
export function argsRejection(args: unknown): Rejection | null {
  const shape = walk(args);
  if (shape) return shape;
  // Depth is bounded now, so serializing cannot overflow.
  const bytes = new TextEncoder().encode(JSON.stringify(args ?? null)).length;
  return bytes > MAX_ARGS_BYTES ? { code: 'SYNC_ARGS_TOO_LARGE', params: { bytes, maxBytes: MAX_ARGS_BYTES } } : null;
}
