import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

const user = (id: number, sessionId = id) =>
  ({
    id,
    sessionId,
    role: 'editor',
    firstname: 'E',
    lastname: 'D',
    timezone: 'UTC',
    temporaryPassword: false,
  }) as const;

describe('SessionCache', () => {
  it('answers until the entry ages out', () => {
    const cache = new SessionCache();
    cache.set('a', user(1), 1_000, cache.epoch);
    expect(cache.get('a', 999)).toEqual(user(1));
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.get('a', 999)).toBeUndefined();
  });

  it('forgets by user or session, and drops a lookup that raced a forget', () => {
    const cache = new SessionCache();
    cache.set('a', user(1, 10), 5_000, cache.epoch);
    cache.set('b', user(1, 11), 5_000, cache.epoch);
    cache.set('c', user(2, 20), 5_000, cache.epoch);
    const epochBeforeLookup = cache.epoch;
    cache.forget((u) => u.sessionId === 10);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('b', 0)?.sessionId).toBe(11);
    cache.set('a', user(1, 10), 5_000, epochBeforeLookup);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.forget((u) => u.id === 1);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('c', 0)?.id).toBe(2);
  });
});
