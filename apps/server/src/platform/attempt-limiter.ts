import { AppError } from './errors.js';

/**
 * Counts attempts per key (an account's email) in a fixed window, so one account can't be
 * brute-forced from many addresses. In memory: each instance counts its own share.
 */
export function createAttemptLimiter(opts: { max: number; windowMs: number; maxKeys?: number }) {
  const counts = new Map<string, { n: number; resetAt: number }>();
  const maxKeys = opts.maxKeys ?? 50_000;
  return {
    /** Throws RATE_LIMITED once a key has used up its window. */
    hit(key: string) {
      const now = Date.now();
      let entry = counts.get(key);
      if (!entry || entry.resetAt <= now) {
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
    reset(key: string) {
      counts.delete(key);
    },
  };
}
