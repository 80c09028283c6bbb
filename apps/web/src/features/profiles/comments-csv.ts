import { COMMENT_EXPORT_TIME_ZONE, csvDocument } from '@cutroom/domain';
import type { ExportedComment } from '@cutroom/domain/schemas';
import { plainTextOf } from '../card-details/public';

const manila = new Intl.DateTimeFormat('en-US', {
  timeZone: COMMENT_EXPORT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant as 'YYYY-MM-DD HH:mm:ss' in Philippine time, the zone comment exports use (spec 002 §9). */
export function manilaTime(iso: string | null): string {
  if (!iso) return '';
  const p = Object.fromEntries(manila.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const HEADER = ['Card', 'Comment', 'Replied comment', 'Comment date', 'Reply date', 'Updated at'];

/** The comment export as CSV: notes as plain text, dates in Manila time, formulas neutralised. */
export const commentsCsv = (comments: readonly ExportedComment[]): string =>
  csvDocument(
    HEADER,
    comments.map((c) => [
      c.card_title,
      plainTextOf(c.note),
      c.repliedComment === null ? '' : plainTextOf(c.repliedComment),
      manilaTime(c.date_added),
      manilaTime(c.note_reaction_date_time),
      manilaTime(c.updated_at),
    ]),
  );
