import { sql, type SQL } from 'drizzle-orm';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';
import type { SessionUser } from '../../platform/auth.js';
import { inRange, type ReportRange } from './report-range.js';

/** The customer chat for QAs and leads, the helper chat for helpers (docs/reporting.md "Response rate"). */
export type CommentChat = 'customer' | 'yt';

/**
 * Customer comments and the staff note that answered each, as a SELECT usable in a CTE:
 * a customer's undeleted note in `chat`, and the first later (by time, then id) undeleted staff note in
 * the same chat of the same card. The answer is found in one pass over those cards' chat: walking each
 * card's notes newest first, the earliest staff note seen so far is the answer to the next older note
 * (a frame that only grows, so linear; a lookup per comment was 14,000 index walks a month at 100,000
 * cards). card_notes_created_idx finds the range's notes, card_notes_card_chat_idx their cards' chats.
 * `cards` is never aliased: visibleCardsWhere names "cards"."…". `answer_note` is read only when asked.
 */
export function customerCommentsSql(opts: {
  viewer: SessionUser;
  chat: CommentChat;
  range?: ReportRange;
  cardsWhere?: SQL;
  /** Whose figure the comment counts in (a column of `cards` or of a join in `join`). */
  person?: SQL;
  join?: SQL;
  /** Also the answering note's text (the comment export). */
  withAnswerNote?: boolean;
}): SQL {
  const { viewer, chat, range, cardsWhere, person, join, withAnswerNote } = opts;
  const answerNote = withAnswerNote
    ? sql`(select s.note from card_notes s join users staff on staff.id = s.author_id
         where s.card_id = c.card_id and s.chat = ${chat} and not s.is_deleted and staff.client_type <> 'customer'
           and s.created_at = a.answered_at order by s.id limit 1)`
    : sql`null::text`;
  return sql`
    with comments as (
      select n.id, n.card_id, n.note, n.created_at, n.updated_at, ${person ?? sql`null::int`} as person_id
      from card_notes n
      join users author on author.id = n.author_id and author.client_type = 'customer'
      join cards on cards.id = n.card_id ${join ?? sql``}
      where n.chat = ${chat} and not n.is_deleted
        ${range ? sql`and ${inRange(sql`n.created_at`, range)}` : sql``}
        and ${visibleCardsWhere(viewer) ?? sql`true`}
        ${cardsWhere ? sql`and ${cardsWhere}` : sql``}
    ),
    answers as (
      select s.id, min(s.created_at) filter (where u.client_type <> 'customer') over (
          partition by s.card_id order by s.created_at desc, s.id desc
          rows between unbounded preceding and 1 preceding) as answered_at
      from card_notes s join users u on u.id = s.author_id
      where s.chat = ${chat} and not s.is_deleted and s.card_id in (select card_id from comments)
    )
    select c.id, c.card_id, c.note, c.created_at, c.updated_at, a.answered_at, ${answerNote} as answer_note, c.person_id
    from comments c join answers a on a.id = c.id`;
}

/** Per card: comments, answered ones, the card's rate and the hours its answers took in total. */
export const perCardSql = (comments: SQL) => sql`
    select card_id, person_id, count(*)::int as total, count(answered_at)::int as replied,
      100.0 * count(answered_at) / count(*) as rate,
      coalesce(sum(extract(epoch from (answered_at - created_at)) / 3600), 0) as answer_hours
    from (${comments}) comments group by card_id, person_id`;
