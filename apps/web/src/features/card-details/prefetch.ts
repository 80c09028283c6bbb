// The card route's loader asks for the card while the page's code still loads (issue 17).
import type { QueryClient } from '@tanstack/react-query';
import { cardQuery } from './api/card-query';
import { decodeCardId } from './paths';

/** The card of /card-details/{id}, when the address is the card's own (others redirect first). */
export function prefetchCard(queryClient: QueryClient, param: string | undefined) {
  const cardId = decodeCardId(param);
  if (cardId && param === String(cardId)) void queryClient.prefetchQuery(cardQuery(cardId));
}
