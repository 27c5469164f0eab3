import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * "Which rows changed since the device's last pull?" — answered with
 * transaction ids, not with change_version.
 *
 * The problem with a change_version cursor: the version comes from a sequence
 * when the row is WRITTEN, but the row becomes visible when its transaction
 * COMMITS. A transaction that takes version 41 and commits after another one
 * that took 42 can be invisible to a pull that already sends 42 and advances
 * the cookie to 42 — the next pull asks for > 42 and row 41 is lost for good.
 *
 * The fix: the cookie carries the pull snapshot's xmin (pg_snapshot_xmin of
 * pg_current_snapshot(), a 64-bit xid8): every transaction with an xid below
 * it had finished when the data was read, so its rows were either sent or were
 * not there. The next pull sends every row whose tuple xmin (the transaction
 * that last wrote it) is >= that value. A transaction that was still running
 * at the previous pull has an xid >= the previous xmin by definition, so its
 * rows are sent once it has committed, however late. Rows of transactions that
 * committed just before the previous pull may be sent twice; puts are
 * idempotent, so that only costs bytes. No lock or extra write is needed on
 * the write path, and it covers every table (also buildings/rooms, whose names
 * are part of a location's path) and the tombstones.
 *
 * Tuple xmin is 32 bits and wraps around; comparisons are done modulo 2^32
 * within a window that PostgreSQL's wraparound protection keeps below 2^31
 * for unfrozen rows. A cookie older than MAX_SPAN transactions gets a reset.
 */

const XID_MOD = 4294967296; // 2^32
/** Cookies more than ~1 billion transactions old are answered with a full snapshot. */
export const MAX_SPAN = 2 ** 30;

export class ChangeWindow {
  /** Rows written by transactions with xid in [fromXid, toXid) are "changed". */
  constructor(
    readonly fromXid: number,
    readonly toXid: number,
  ) {}

  /** A WHERE condition: the current tuple of `tableOrAlias` was written inside this window. */
  changed(tableOrAlias: string): RawBuilder<SqlBool> {
    const from32 = this.fromXid % XID_MOD;
    const span = this.toXid - this.fromXid;
    return sql<SqlBool>`((${sql.ref(`${tableOrAlias}.xmin`)}::text::bigint - ${from32}::bigint + ${XID_MOD}::bigint) % ${XID_MOD}::bigint) < ${span}::bigint`;
  }
}

/** A WHERE condition: any of the aliases' current rows was written in the window; true without one (a full pull). */
export function writtenIn(since: ChangeWindow | null, ...tablesOrAliases: string[]): RawBuilder<SqlBool> {
  if (!since) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.join(
    tablesOrAliases.map((t) => since.changed(t)),
    sql` or `,
  )})`;
}

/** 10 low bits of the cookie tag the user's scope, so a change of rights resets the device. */
const TAG_SPACE = 1024;

export interface DecodedCookie {
  xid: number;
  tag: number;
}

export function encodeCookie(xid: number, tag: number): number {
  return xid * TAG_SPACE + (tag % TAG_SPACE);
}

export function decodeCookie(cookie: number): DecodedCookie {
  return { xid: Math.floor(cookie / TAG_SPACE), tag: cookie % TAG_SPACE };
}

/** FNV-1a of a string, reduced to the tag space. */
export function scopeTag(fingerprint: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < fingerprint.length; i++) {
    h ^= fingerprint.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % TAG_SPACE;
}
