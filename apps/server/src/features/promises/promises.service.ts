import { and, asc, eq, gte, inArray, isNull, not, sql } from 'drizzle-orm';
import {
  DEFAULT_RANGE_DAYS,
  IN_PROGRESS_STATUSES,
  daysBetween,
  hitRateOf,
  isInProgress,
  planFirstCuts,
  promiseLabel,
  timelineHoursOf,
  todayInNewYork,
  type CardStatus,
  type PromiseCalendars,
  type QueuedCard,
} from '@cutroom/domain';
import type { HitRateReply, PromisePreviewReply, hitRateQuery, promisePreviewQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cards, customerQas, holidays, userLeaves } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext, WorkPlanHooks } from '../../platform/context.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { requestCustomer } from '../../kernel/request-customer.js';
import { resolveRange } from '../dashboard/public.js';

/** The statuses before the first cut: waiting (video requests) and being worked (editing, QA). */
export const PROMISE_OPEN_STATUSES: readonly CardStatus[] = ['video_request', ...IN_PROGRESS_STATUSES];
const VIRTUAL_CARD = -1;

const openWhere = and(
  isNull(cards.archivedAt),
  eq(cards.paused, false),
  inArray(cards.cardStatus, [...PROMISE_OPEN_STATUSES]),
)!;

const workerOf = (c: { assignedTo: number | null; assignedQaId: number | null }) =>
  c.assignedTo ? `e:${c.assignedTo}` : c.assignedQaId ? `q:${c.assignedQaId}` : null;

/** Live holidays and leave from today on, as the planner's calendars (one query each). */
async function loadCalendars(db: Db, now: Date): Promise<PromiseCalendars> {
  const today = todayInNewYork(now);
  // One after the other: inside a transaction the queries share one connection.
  const days = await db
    .select({ day: holidays.holidayDate })
    .from(holidays)
    .where(and(eq(holidays.holidayStatus, true), not(holidays.isDeleted), gte(holidays.holidayDate, today)));
  const leaves = await db
    .select({ userId: userLeaves.clientId, start: userLeaves.startDate, end: userLeaves.endDate })
    .from(userLeaves)
    .where(gte(userLeaves.endDate, today));
  const leaveByWorker = new Map<string, Set<string>>();
  for (const l of leaves) {
    const own = leaveByWorker.get(`e:${l.userId}`) ?? new Set<string>();
    for (const d of daysBetween(l.start < today ? today : l.start, l.end)) own.add(d);
    // One person is one calendar whichever queue they hold.
    leaveByWorker.set(`e:${l.userId}`, own);
    leaveByWorker.set(`q:${l.userId}`, own);
  }
  return { holidays: new Set(days.map((d) => d.day)), leaveByWorker };
}

/** Every open card in queue order (oldest request first; ids break ties), with its expected date as stored. */
async function loadQueue(db: Db): Promise<(QueuedCard & { storedAt: Date | null })[]> {
  const rows = await db
    .select({
      id: cards.id,
      cardStatus: cards.cardStatus,
      assignedTo: cards.assignedTo,
      assignedQaId: cards.assignedQaId,
      createdAt: cards.createdAt,
      dueDate: cards.dueDate,
      timeline: cards.timeline,
      revisionNr: cards.revisionNr,
      expectedAt: cards.expectedAt,
    })
    .from(cards)
    .where(openWhere)
    .orderBy(asc(cards.createdAt), asc(cards.id));
  return rows.map((c) => ({
    id: c.id,
    worker: workerOf(c),
    queuedAt: c.createdAt,
    timelineHours: timelineHoursOf(c),
    startedDue: isInProgress(c.cardStatus) ? c.dueDate : null,
    storedAt: c.expectedAt,
  }));
}

/**
 * Recomputes every open card's expected first cut in one pass and writes the ones that changed; the
 * card named in `promiseFor` (just created, same transaction) also gets it as its promise. Cards off
 * the queue lose their expected date. Serialised by a transaction-wide advisory lock, so two
 * recomputations can't interleave their writes on PostgreSQL.
 */
export async function refreshPromises(db: Db, options: { promiseFor?: number } = {}): Promise<void> {
  const run = async (tx: Db) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cutroom.promise_dates'))`);
    const now = new Date();
    const queue = await loadQueue(tx);
    const cals = await loadCalendars(tx, now);
    const plan = planFirstCuts(queue, cals, now);
    const changed = queue
      .filter((c) => c.storedAt?.getTime() !== plan.get(c.id)!.getTime())
      .map((c) => [c.id, plan.get(c.id)!] as const);
    if (changed.length) {
      const ids = `{${changed.map(([id]) => id).join(',')}}`;
      const ats = `{${changed.map(([, at]) => at.toISOString()).join(',')}}`;
      await tx.execute(sql`update ${cards} set expected_at = v.at
        from unnest(${ids}::int[], ${ats}::timestamptz[]) as v(id, at) where ${cards.id} = v.id`);
    }
    // Cards that left the queue (delivered, paused, canceled, archived) stop expecting anything.
    await tx
      .update(cards)
      .set({ expectedAt: null })
      .where(and(sql`${cards.expectedAt} is not null`, not(openWhere)));
    const promised = options.promiseFor !== undefined ? plan.get(options.promiseFor) : undefined;
    if (promised) await tx.update(cards).set({ promisedAt: promised }).where(eq(cards.id, options.promiseFor!));
  };
  // Inside a caller's transaction this is a savepoint, and the lock is held until that transaction ends.
  await db.transaction((tx) => run(tx));
}

/** Per database: the recomputation running now, and whether another change came in while it ran. */
const pending = new WeakMap<Db, { running: Promise<void>; again: boolean }>();

/**
 * After a committed change (a move, a pause, an assignment): concurrent callers share one recomputation
 * and at most one more after it, which starts after the last of their commits, so each caller still
 * returns with its change planned, while N moves at once cost two passes instead of N queued on the lock.
 */
export function refreshPromisesAfterChange(db: Db): Promise<void> {
  const current = pending.get(db);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state = { running: Promise.resolve(), again: false };
  state.running = (async () => {
    try {
      do {
        state.again = false;
        await refreshPromises(db);
      } while (state.again);
    } finally {
      pending.delete(db);
    }
  })();
  pending.set(db, state);
  return state.running;
}

/** Promise dates follow every change to the work plan: the app's AppContext.workPlan. */
export const promiseDateHooks = (db: Db): WorkPlanHooks => ({
  changed: () => refreshPromisesAfterChange(db),
  cardCreated: (tx, cardId) => refreshPromises(tx, { promiseFor: cardId }),
});

/** The request form's "Expected by": a request made now joins the end of its first QA's queue. */
export async function previewPromise(
  ctx: AppContext,
  viewer: SessionUser,
  query: z.output<typeof promisePreviewQuery>,
): Promise<PromisePreviewReply> {
  const clientId = await requestCustomer(ctx.db, viewer, query.client_id);
  const [firstQa] = await ctx.db
    .select({ qaId: customerQas.qaId })
    .from(customerQas)
    .where(eq(customerQas.customerId, clientId))
    .orderBy(customerQas.slot)
    .limit(1);
  if (!firstQa) return { expected_at: null, label: null };
  const now = new Date();
  const [queue, cals] = await Promise.all([loadQueue(ctx.db), loadCalendars(ctx.db, now)]);
  const plan = planFirstCuts(
    [
      ...queue,
      {
        id: VIRTUAL_CARD,
        worker: `q:${firstQa.qaId}`,
        queuedAt: now,
        timelineHours: timelineHoursOf({ timeline: null, revisionNr: 0 }),
        startedDue: null,
      },
    ],
    cals,
    now,
  );
  const expected = plan.get(VIRTUAL_CARD)!;
  return { expected_at: expected.toISOString(), label: promiseLabel(expected) };
}

/** Promises kept over the cards the caller sees whose first cut arrived in the range. */
export async function promiseHitRate(
  ctx: AppContext,
  viewer: SessionUser,
  query: z.output<typeof hitRateQuery>,
  zone: string,
): Promise<HitRateReply> {
  const days = viewer.role === 'customer' ? DEFAULT_RANGE_DAYS.customerDashboard : DEFAULT_RANGE_DAYS.staffDashboard;
  const range = resolveRange(query, zone, days);
  const [row] = await ctx.db
    .select({
      delivered: sql<number>`count(*)::int`,
      onTime: sql<number>`count(*) filter (where ${cards.firstDeliveredAt} <= ${cards.promisedAt})::int`,
    })
    .from(cards)
    .where(
      and(
        visibleCardsWhere(viewer),
        sql`${cards.promisedAt} is not null`,
        sql`${cards.firstDeliveredAt} >= ${range.from} and ${cards.firstDeliveredAt} < ${range.to}`,
      ),
    );
  const delivered = row?.delivered ?? 0;
  const onTime = row?.onTime ?? 0;
  return {
    start_date: range.start_date,
    end_date: range.end_date,
    delivered,
    on_time: onTime,
    hit_rate: hitRateOf(onTime, delivered),
  };
}
