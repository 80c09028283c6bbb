import { sql, type SQL } from 'drizzle-orm';
import { visibleCardsWhere } from '../cards/card-visibility.js';
import type { SessionUser } from '../../platform/auth.js';
import { inRange, type ReportRange } from './report-range.js';

/** The customer chat for QAs and leads, the helper chat for helpers (docs/reporting.md "Response rate"). */
export type CommentChat = 'customer' | 'yt';

/**
 * Customer comments and the staff note that answered each, as a SELECT usable in a CTE:
 * a customer's undeleted note in `chat`, and the first later undeleted staff note in the same chat
 * of the same card (card_notes_created_idx finds the range's notes, card_notes_card_chat_idx the answer).
 * `cards` is never aliased: visibleCardsWhere names "cards"."…".
 */
export function customerCommentsSql(opts: {
  viewer: SessionUser;
  chat: CommentChat;
  range?: ReportRange;
  cardsWhere?: SQL;
  /** Whose figure the comment counts in (a column of `cards` or of a join in `join`). */
  person?: SQL;
  join?: SQL;
}): SQL {
  const { viewer, chat, range, cardsWhere, person, join } = opts;
  return sql`
    select n.id, n.card_id, n.note, n.created_at, n.updated_at, answer.created_at as answered_at,
      answer.note as answer_note, ${person ?? sql`null::int`} as person_id
    from card_notes n
    join users author on author.id = n.author_id and author.client_type = 'customer'
    join cards on cards.id = n.card_id ${join ?? sql``}
    left join lateral (
      select s.created_at, s.note from card_notes s join users staff on staff.id = s.author_id
      where s.card_id = n.card_id and s.chat = n.chat and not s.is_deleted
        and staff.client_type <> 'customer' and s.created_at > n.created_at
      order by s.created_at, s.id limit 1
    ) answer on true
    where n.chat = ${chat} and not n.is_deleted
      ${range ? sql`and ${inRange(sql`n.created_at`, range)}` : sql``}
      and ${visibleCardsWhere(viewer) ?? sql`true`}
      ${cardsWhere ? sql`and ${cardsWhere}` : sql``}`;
}

/** Per card: comments, answered ones, the card's rate and the hours its answers took in total. */
export const perCardSql = (comments: SQL) => sql`
    select card_id, person_id, count(*)::int as total, count(answered_at)::int as replied,
      100.0 * count(answered_at) / count(*) as rate,
      coalesce(sum(extract(epoch from (answered_at - created_at)) / 3600), 0) as answer_hours
    from (${comments}) comments group by card_id, person_id`;
