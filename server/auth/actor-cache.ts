import { type ChangeFeed, changeFeedOf } from '../db/change-feed';
import type { Db } from '../db/index';
import type { Actor } from './actor';
import { loadActor } from './users';

/**
 * The request actor per user id, kept in memory so an authenticated request
 * costs no query for it. Correctness comes first:
 * - any change to users, user_customer_access, user_rooms or customers drops every entry:
 *   this process's own writes synchronously (server/db/change-feed.ts; the
 *   request hook in plugin.ts drops them again once a writing request's
 *   transaction has committed, before its reply leaves), everyone else's via
 *   the lw_actor notification (migration 0016, server/db/listen.ts);
 * - while the notification channel is not live (start-up, connection lost,
 *   reconnecting) nothing is served from or stored in the cache;
 * - a load stores its result only if no change was seen while it ran, so a
 *   row read before a commit cannot be cached after it;
 * - bounded: at most MAX_ENTRIES users, each for at most TTL_MS.
 * A database not opened by openDatabase has no feed: then every request loads.
 */
const MAX_ENTRIES = 10_000;
const TTL_MS = 60_000;

interface Entry {
  actor: Actor;
  at: number;
}

/** One actor object serves many requests: none may change it. */
function frozen(actor: Actor): Actor {
  if ('ids' in actor.scope) Object.freeze(actor.scope.ids);
  if (actor.work_rooms) Object.freeze(actor.work_rooms);
  Object.freeze(actor.scope);
  return Object.freeze(actor);
}

export class ActorCache {
  private readonly entries = new Map<number, Entry>();
  private readonly feed: ChangeFeed | undefined;

  constructor(private readonly db: Db) {
    this.feed = changeFeedOf(db);
    this.feed?.subscribe(() => this.entries.clear());
  }

  /** Local writes to the actor's tables so far (compare before and after a request). */
  get writes(): number {
    return this.feed?.writes ?? 0;
  }

  /** Drops every entry (after a request that wrote the actor's tables has committed). */
  clear(): void {
    this.feed?.changed();
  }

  async get(userId: number): Promise<Actor | null> {
    const feed = this.feed;
    if (!feed?.live) return loadActor(this.db, userId);
    const hit = this.entries.get(userId);
    const now = Date.now();
    if (hit && now - hit.at < TTL_MS) return hit.actor;
    const generation = feed.generation;
    const actor = await loadActor(this.db, userId);
    if (actor && feed.live && feed.generation === generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(userId, { actor: frozen(actor), at: now });
    }
    return actor;
  }
}
