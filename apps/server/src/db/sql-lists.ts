import { sql } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES, YT_IN_PROGRESS_STATUSES } from '@cutroom/domain';

/** `column in ('a', 'b')` with the values as literals: for fixed domain lists (checks, filters), never for input. */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** A card in progress (the domain's IN_PROGRESS_STATUSES), over the unaliased `cards` table. */
export const cardInProgressSql = inList('cards.card_status', IN_PROGRESS_STATUSES);

/** A card's helper side in progress (the domain's YT_IN_PROGRESS_STATUSES), over the unaliased `cards` table. */
export const ytInProgressSql = inList('cards.yt_card_status', YT_IN_PROGRESS_STATUSES);
