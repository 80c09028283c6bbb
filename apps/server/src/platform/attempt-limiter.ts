import { AppError } from './errors.js';

/** Where attempt counts live: this process's memory, or Redis so every instance counts together. */
export interface CounterStore {
  /** Adds one to a key's count in its window (the window starts with the first) and gives the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Milliseconds until a key's window ends (0 when it has none): what a refusal's Retry-After says. */
  msLeft(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounters(maxKeys = 50_000): CounterStore {
  const counts = new Map<string, { n: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = counts.get(key);
    return entry && entry.resetAt > now ? entry : undefined;
  };
  return {
    async increment(key, windowMs) {
      const now = Date.now();
      let entry = live(key, now);
      if (!entry) {
        if (counts.size >= maxKeys) {
          for (const [k, v] of counts) if (v.resetAt <= now) counts.delete(k);
          if (counts.size >= maxKeys) counts.delete(counts.keys().next().value as string);
        }
        entry = { n: 0, resetAt: now + windowMs };
        counts.set(key, entry);
      }
      return ++entry.n;
    },
    async get(key) {
      return live(key, Date.now())?.n ?? 0;
    },
    async msLeft(key) {
      const now = Date.now();
      return Math.max(0, (live(key, now)?.resetAt ?? now) - now);
    },
    async delete(key) {
      counts.delete(key);
    },
    async close() {},
  };
}

const PREFIX = 'cutroom:attempts:';

/**
 * Shared counts, so N instances hold one limit instead of N: INCR and the window's expiry in one
 * transaction, so no key outlives its window.
 */
export async function connectRedisCounters(url: string): Promise<CounterStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  return {
    async increment(key, windowMs) {
      const replies = await redis
        .multi()
        .incr(PREFIX + key)
        .pexpire(PREFIX + key, windowMs, 'NX')
        .exec();
      return Number(replies?.[0]?.[1] ?? 0);
    },
    async get(key) {
      return Number((await redis.get(PREFIX + key)) ?? 0);
    },
    async msLeft(key) {
      return Math.max(0, await redis.pttl(PREFIX + key));
    },
    async delete(key) {
      await redis.del(PREFIX + key);
    },
    async close() {
      await redis.quit().catch(() => {});
    },
  };
}

/** Counts attempts per key in a fixed window; `name` keeps limiters apart in a shared store. */
export function createAttemptLimiter(store: CounterStore, opts: { name: string; max: number; windowMs: number }) {
  const keyOf = (key: string) => `${opts.name}:${key}`;
  return {
    /** Counts one attempt; throws RATE_LIMITED once a key has used up its window. */
    async hit(key: string) {
      if ((await store.increment(keyOf(key), opts.windowMs)) > opts.max) throw new AppError('RATE_LIMITED');
    },
    /** Throws RATE_LIMITED when a key has used up its window, without counting an attempt. */
    async check(key: string) {
      if ((await store.get(keyOf(key))) >= opts.max) throw new AppError('RATE_LIMITED');
    },
    /** Attempts counted for a key in its current window. */
    count: (key: string) => store.get(keyOf(key)),
    /** Milliseconds until a key's window ends and it may try again. */
    msLeft: (key: string) => store.msLeft(keyOf(key)),
    reset: (key: string) => store.delete(keyOf(key)),
  };
}

/** Failed logins an account takes from anywhere before each further attempt is slowed down. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 200;
export const MAX_DELAY_MS = 5_000;

/** The wait before checking a password, doubling with each failure past the free ones: it slows, never refuses. */
export const loginDelayMs = (failures: number) =>
  failures <= FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES - 1));
