/**
 * Promise-date benchmark (issue 20): the queue recomputation for 1,000 open cards, target within 50 ms.
 * Times the pure one-pass planner (1,000 and 10,000 cards, to show it grows linearly) and the server's
 * whole recomputation on an in-memory PGlite (read the queue, holidays and leave, plan, write). Prints
 * figures and ratios; asserts nothing.
 *   npm run bench:promise-dates
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { daysBetween, planFirstCuts, type PromiseCalendars, type QueuedCard } from '@cutroom/domain';
import { openDatabase } from '../apps/server/src/db/client.js';
import { cards, holidays, userLeaves, users } from '../apps/server/src/db/schema.js';
import { refreshPromises } from '../apps/server/src/features/promises/promises.service.js';
import { seedDemo } from '../apps/server/src/features/seed/demo-seed.js';

const TARGET_MS = 50;
const RUNS = 30;
const now = new Date();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(label: string, n: number, run: () => unknown) {
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  const p50 = median(took);
  console.log(
    `${label.padEnd(46)} ${String(n).padStart(6)} cards  p50 ${p50.toFixed(2).padStart(7)} ms  ` +
      `max ${Math.max(...took)
        .toFixed(2)
        .padStart(7)} ms  target/p50 ${(TARGET_MS / p50).toFixed(1)}x`,
  );
  return p50;
}

/** A queue of n cards over 40 workers, a mix of waiting and started, submitted over the last two weeks. */
function syntheticQueue(n: number): QueuedCard[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    worker: i % 5 === 0 ? `e:${i % 20}` : `q:${i % 20}`,
    queuedAt: new Date(now.getTime() - (n - i) * 20 * 60_000),
    timelineHours: i % 4 === 0 ? 24 : 48,
    startedDue: i % 3 === 0 ? new Date(now.getTime() + (i % 72) * 3_600_000) : null,
  }));
}
const today = now.toISOString().slice(0, 10);
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
const calendars: PromiseCalendars = {
  holidays: new Set([inDays(3), inDays(10), inDays(40)]),
  leaveByWorker: new Map(
    Array.from({ length: 6 }, (_, w) => [`q:${w}`, new Set(daysBetween(inDays(w), inDays(w + 4)))] as const),
  ),
};

console.log(`Promise dates, ${RUNS} runs each (Node ${process.version}), target ${TARGET_MS} ms for 1,000 cards`);
const small = await time('planner (pure, one pass)', 1_000, () => planFirstCuts(syntheticQueue(1_000), calendars, now));
const large = await time('planner (pure, one pass)', 10_000, () =>
  planFirstCuts(syntheticQueue(10_000), calendars, now),
);
console.log(`growth 10,000 / 1,000 cards: ${(large / small).toFixed(1)}x (linear is 10x)`);

const database = await openDatabase({});
try {
  const { db } = database;
  await seedDemo(db);
  const staff = await db.select({ id: users.id, role: users.clientType }).from(users);
  const customers = staff.filter((u) => u.role === 'customer').map((u) => u.id);
  const qas = staff.filter((u) => u.role === 'qa').map((u) => u.id);
  const editors = staff.filter((u) => u.role === 'editor').map((u) => u.id);
  await db.delete(cards);
  const rows = Array.from({ length: 1_000 }, (_, i) => ({
    clientId: customers[i % customers.length]!,
    cardTitle: `Bench promise ${i}`,
    cardStatus: i % 3 === 0 ? ('editing' as const) : ('video_request' as const),
    dropboxLink: 'https://www.dropbox.com/sh/bench?dl=0',
    youtubeAspectRatio: '16:9',
    videoPurpose: 'podcast',
    assignedQaId: qas[i % qas.length]!,
    assignedTo: i % 3 === 0 ? editors[i % editors.length]! : null,
    dueDate: i % 3 === 0 ? new Date(now.getTime() + (i % 72) * 3_600_000) : null,
    createdAt: new Date(now.getTime() - (1_000 - i) * 20 * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 250) await db.insert(cards).values(rows.slice(i, i + 250));
  await db.insert(holidays).values([{ holidayTitle: 'Bench day', holidayDate: inDays(3) }]);
  await db.insert(userLeaves).values({ clientId: qas[0]!, startDate: today, endDate: inDays(4), reason: 'Bench' });

  const open = await db.select({ id: cards.id }).from(cards).where(eq(cards.paused, false));
  let first = 0;
  {
    const start = performance.now();
    await refreshPromises(db);
    first = performance.now() - start;
  }
  console.log(
    `${'server recompute, first (writes every card)'.padEnd(46)} ${String(open.length).padStart(6)} cards  ${first.toFixed(2).padStart(7)} ms`,
  );
  await time('server recompute (PGlite: read, plan, write)', open.length, () => refreshPromises(db));
} finally {
  await database.close();
}
