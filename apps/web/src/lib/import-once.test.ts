import { describe, expect, it } from 'vitest';
import { importOnce } from './import-once';

describe('importOnce', () => {
  it('imports once, and asks again after a failed download', async () => {
    const outcomes: (() => Promise<string>)[] = [
      () => Promise.reject(new Error('offline')),
      () => Promise.resolve('module'),
      () => Promise.resolve('a second copy'),
    ];
    let calls = 0;
    const load = importOnce(() => outcomes[calls++]!());

    await expect(load()).rejects.toThrow('offline');
    const first = load();
    expect(load()).toBe(first);
    expect(await first).toBe('module');
    expect(await load()).toBe('module');
    expect(calls).toBe(2);
  });
});
