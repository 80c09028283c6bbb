import { describe, expect, it } from 'vitest';
import { createReportCache } from './report-cache.js';

const drawn = (bytes: number) => async () => ({ report: { pdf: Buffer.alloc(bytes), filename: 'r.pdf' }, keep: true });

describe('the report cache', () => {
  it('keeps at most its entries and bytes, the least recently asked for leaving first', async () => {
    const cache = createReportCache({ entries: 2, bytes: 100 });
    await cache.draw('a', drawn(10));
    await cache.draw('b', drawn(10));
    expect(cache.get('a')).toBeDefined(); // a is now the newest
    await cache.draw('c', drawn(10));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    await cache.draw('d', drawn(95));
    expect(cache.size()).toEqual({ entries: 1, bytes: 95 });
    await cache.draw('e', drawn(101)); // larger than the whole cache: served, never kept
    expect(cache.get('e')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 1, bytes: 95 });
  });

  it('draws once for everyone asking meanwhile, and keeps nothing it is told not to', async () => {
    const cache = createReportCache();
    let draws = 0;
    let finish!: () => void;
    const first = cache.draw('k', async () => {
      draws++;
      await new Promise<void>((resolve) => (finish = resolve));
      return { report: { pdf: Buffer.from('%PDF'), filename: 'r.pdf' }, keep: false };
    });
    const joined = cache.get('k');
    expect(joined).toBeInstanceOf(Promise);
    finish();
    expect((await joined)!.pdf).toEqual((await first).pdf);
    expect(draws).toBe(1);
    expect(cache.get('k')).toBeUndefined();
  });
});
