import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cards } from '../db/schema.js';
import type { SessionUser } from '../platform/auth.js';
import { AppError } from '../platform/errors.js';
import { visibleCardsWhere } from './card-visibility.js';
import { selectCards, type CardRow } from './card-view.js';

// The card kernel: every feature reads a card through here, so visibility is decided in one place.

/** A card the viewer may see, or 404 (never 403, so ids don't leak). */
export async function loadVisibleCard(db: Db, viewer: SessionUser, cardId: number): Promise<CardRow> {
  const [row] = await selectCards(db)
    .where(and(eq(cards.id, cardId), visibleCardsWhere(viewer)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Who hears of a change to the card (live events, notifications). */
export const audienceOf = (c: CardRow['card']) => ({
  clientId: c.clientId,
  assignedQaId: c.assignedQaId,
  assignedTo: c.assignedTo,
  ytHelperId: c.ytHelperId,
  hasYoutubeHelper: c.hasYoutubeHelper,
});
