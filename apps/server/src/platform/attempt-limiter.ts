import { AppError } from './errors.js';

/**
 * Counts attempts per key in a fixed window. In memory: each instance counts its own share, which
 * multiplies the limits by the number of instances at most.
 */
export function createAttemptLimiter(opts: { max: number; windowMs: number; maxKeys?: number }) {
  const counts = new Map<string, { n: number; resetAt: number }>();
  const maxKeys = opts.maxKeys ?? 50_000;
  const live = (key: string, now: number) => {
    const entry = counts.get(key);
    return entry && entry.resetAt > now ? entry : undefined;
  };
  return {
    /** Counts one attempt; throws RATE_LIMITED once a key has used up its window. */
    hit(key: string) {
      const now = Date.now();
      let entry = live(key, now);
      if (!entry) {
        if (counts.size >= maxKeys) {
          for (const [k, v] of counts) if (v.resetAt <= now) counts.delete(k);
          if (counts.size >= maxKeys) counts.delete(counts.keys().next().value as string);
        }
        entry = { n: 0, resetAt: now + opts.windowMs };
        counts.set(key, entry);
      }
      entry.n++;
      if (entry.n > opts.max) throw new AppError('RATE_LIMITED');
    },
    /** Throws RATE_LIMITED when a key has used up its window, without counting an attempt. */
    check(key: string) {
      if ((live(key, Date.now())?.n ?? 0) >= opts.max) throw new AppError('RATE_LIMITED');
    },
    /** Attempts counted for a key in its current window. */
    count(key: string): number {
      return live(key, Date.now())?.n ?? 0;
    },
    reset(key: string) {
      counts.delete(key);
    },
  };
}

/** Failed logins an account takes from anywhere before each further attempt is slowed down. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 200;
export const MAX_DELAY_MS = 5_000;

/** The wait before checking a password, doubling with each failure past the free ones: it slows, never refuses. */
export const loginDelayMs = (failures: number) =>
  failures <= FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES - 1));
