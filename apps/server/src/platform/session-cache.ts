import type { Db } from '../db/client.js';
import type { SessionUser } from './session-user.js';

/**
 * How long a resolved session is reused without asking the database. Revocation and profile changes
 * on this instance forget entries at once; another instance sees them within this bound.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  user: SessionUser;
  until: number;
}

/** Token hash → resolved caller, for a few seconds; bounded, oldest entries leave first. */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forget, so a lookup that raced a revocation doesn't store what it read. */
  epoch = 0;

  get(tokenHash: string, now: number): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.user;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, user: SessionUser, until: number, epochAtLookup: number) {
    if (epochAtLookup !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { user, until });
  }

  forget(match: (user: SessionUser) => boolean) {
    this.epoch++;
    for (const [hash, entry] of this.entries) if (match(entry.user)) this.entries.delete(hash);
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** One cache per database handle, so apps (and tests) sharing a process never see each other's sessions. */
export function sessionCacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}
