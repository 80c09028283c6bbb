import { COMMENT_EXPORT_TIME_ZONE, csvDocument, zoneParts } from '@cutroom/domain';
import type { ExportedComment } from '@cutroom/domain/schemas';
import { plainTextOf } from '../../lib/format';

/** An instant as 'YYYY-MM-DD HH:mm:ss' in Philippine time, the zone comment exports use (spec 002 §9). */
export function manilaTime(iso: string | null): string {
  if (!iso) return '';
  const p = zoneParts(COMMENT_EXPORT_TIME_ZONE, new Date(iso));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
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
