import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_REFUSAL } from '@cutroom/domain';
import { AppError } from '../../platform/errors.js';
import type { ReportData } from './report-content.js';
import { createRenderPool, type RenderPool } from './render-pool.js';

// The render threads on their own: real worker threads drawing real PDFs, no database.
const data = (title: string): ReportData => ({
  cardId: 1,
  title,
  customer: 'Cleo Creator',
  chat: 'Customer chat',
  version: 'every version',
  made: 'Nov 29, 2026, 10:00 AM',
  counts: { open: 1, fixed: 0, wont_fix: 0 },
  outsideLinks: false,
  timed: [],
  untimed: [
    {
      number: 1,
      moment: null,
      video: null,
      author: 'Cleo Creator (Customer)',
      written: 'Nov 29, 2026, 10:00 AM',
      text: 'Love the colours',
      state: 'open',
      wontFixReason: null,
      drawing: null,
      frame: null,
      noFrame: null,
      replies: [],
    },
  ],
});

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the render pool', () => {
  it('draws as many at once as it has threads, queues up to its bound and refuses the rest with 429', async () => {
    pool = createRenderPool({ threads: 1, queueMax: 1 });
    const drawing = pool.render(data('First'));
    const waiting = pool.render(data('Second'));
    expect(pool.load()).toBe(2);
    const refused = await pool.render(data('Third')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BUSY', status: 429, message: REPORT_REFUSAL.busy, retryAfterS: 5 });
    for (const pdf of await Promise.all([drawing, waiting])) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.load()).toBe(0);
    // The thread is kept: the next report draws at once.
    expect((await pool.render(data('Fourth'))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('ends a thread that takes too long and answers 503, and the report waiting behind it gets a thread of its own', async () => {
    pool = createRenderPool({ threads: 1, queueMax: 4, timeoutMs: 1 });
    const [late, next] = await Promise.all(
      [pool.render(data('Slow')), pool.render(data('Next'))].map((p) => p.catch((e: unknown) => e)),
    );
    expect(late).toMatchObject({ code: 'UNAVAILABLE', status: 503, message: REPORT_REFUSAL.timedOut });
    // 1 ms is too little for any report: the second one also ran, in a new thread, and was ended in turn.
    expect(next).toMatchObject({ code: 'UNAVAILABLE', message: REPORT_REFUSAL.timedOut });
    expect(pool.load()).toBe(0);
  });
});
