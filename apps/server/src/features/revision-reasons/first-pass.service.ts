import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_RANGE_DAYS, UNSPECIFIED_REASON, firstPassRate, topReasons } from '@cutroom/domain';
import type { FirstPassReply, FirstPassRow, firstPassQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../platform/auth.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import { inRange, resolveRange, rowsOf, type ReportRange } from '../dashboard/public.js';

/** Statuses a card has once delivered: Review, Completed, and the repurpose steps that follow them. */
const DELIVERED = sql`('done', 'completed_done', 'repurpose_editing', 'repurpose_done')`;

interface Counted {
  user_id: number | null;
  firstname: string | null;
  lastname: string | null;
  delivered: number;
  first_pass: number;
}

/**
 * Cards delivered in the range (their latest delivery falls in it), counted per `person`, over what the
 * caller sees; a card is first-pass while its revision count is 0 (docs/reporting.md "First-pass approval").
 */
function deliveredBy(viewer: SessionUser, range: ReportRange, person: SQL | null): SQL {
  const visible = visibleCardsWhere(viewer) ?? sql`true`;
  const deliveredAt = sql`coalesce(cards.done_at, cards.completed_at)`;
  const figures = sql`count(*)::int as delivered, count(*) filter (where cards.revision_nr = 0)::int as first_pass`;
  const where = sql`cards.card_status in ${DELIVERED} and ${inRange(deliveredAt, range)} and ${visible}`;
  if (!person)
    return sql`select null as user_id, null as firstname, null as lastname, ${figures} from cards where ${where}`;
  return sql`select p.id as user_id, p.firstname, p.lastname, ${figures}
    from cards left join users p on p.id = ${person}
    where ${where}
    group by p.id, p.firstname, p.lastname
    order by count(*) desc, p.firstname, p.lastname`;
}

const row = (r: Counted): FirstPassRow => ({
  user_id: r.user_id,
  name: r.user_id === null ? 'Unassigned' : `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
  delivered: Number(r.delivered),
  first_pass: Number(r.first_pass),
  rate: firstPassRate(Number(r.delivered), Number(r.first_pass)),
});

/** Reasons of the revisions requested in the range on cards the caller sees; none named counts as unspecified. */
function reasonCounts(viewer: SessionUser, range: ReportRange): SQL {
  const visible = visibleCardsWhere(viewer) ?? sql`true`;
  return sql`select coalesce(rr.reason_key, ${UNSPECIFIED_REASON.key}) as key, reasons.label,
      count(*)::int as count
    from card_revisions r
    join cards on cards.id = r.card_id
    left join card_revision_reasons rr on rr.revision_id = r.id
    left join revision_reasons reasons on reasons.key = rr.reason_key
    where ${inRange(sql`r.requested_at`, range)} and ${visible}
    group by 1, 2`;
}

export async function firstPassReport(
  db: Db,
  viewer: SessionUser,
  query: z.output<typeof firstPassQuery>,
  zone: string,
): Promise<FirstPassReply> {
  const range = resolveRange(query, zone, DEFAULT_RANGE_DAYS.staffDashboard);
  const [overall, editors, qas, customers, reasons, [total]] = await Promise.all([
    rowsOf<Counted>(db.execute(deliveredBy(viewer, range, null))),
    rowsOf<Counted>(db.execute(deliveredBy(viewer, range, sql`cards.assigned_to`))),
    rowsOf<Counted>(db.execute(deliveredBy(viewer, range, sql`cards.assigned_qa_id`))),
    rowsOf<Counted>(db.execute(deliveredBy(viewer, range, sql`cards.client_id`))),
    rowsOf<{ key: string; label: string | null; count: number }>(db.execute(reasonCounts(viewer, range))),
    rowsOf<{ n: number }>(
      db.execute(sql`select count(*)::int as n from card_revisions r join cards on cards.id = r.card_id
        where ${inRange(sql`r.requested_at`, range)} and ${visibleCardsWhere(viewer) ?? sql`true`}`),
    ),
  ]);
  const all = row(overall[0]!);
  return {
    range: { start_date: range.start_date, end_date: range.end_date },
    overall: { delivered: all.delivered, first_pass: all.first_pass, rate: all.rate },
    editors: editors.map(row),
    qas: qas.map(row),
    customers: customers.map(row),
    revisions: Number(total?.n ?? 0),
    top_reasons: topReasons(
      reasons.map((r) => ({
        key: r.key,
        label: r.label ?? UNSPECIFIED_REASON.label,
        count: Number(r.count),
      })),
    ),
  };
}
