// The card route's loader asks for the card while the page's code still loads (issue 17).
import type { QueryClient } from '@tanstack/react-query';
import { cardQuery } from '../../lib/card/card-query';
import { checklistQuery } from '../chat/public';
import { decodeCardId } from './paths';

/** The card of /card-details/{id}, when the address is the card's own (others redirect first). */
export function prefetchCard(queryClient: QueryClient, param: string | undefined) {
  const cardId = decodeCardId(param);
  if (!cardId || param !== String(cardId)) return;
  void queryClient.prefetchQuery(cardQuery(cardId));
  // The header's checklist badge: with the card, so it does not appear (and move the header) after.
  void queryClient.prefetchQuery(checklistQuery(cardId));
}
