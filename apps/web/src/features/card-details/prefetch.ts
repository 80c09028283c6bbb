// The card route's loader asks for the card while the page's code still loads (issue 17).
import type { QueryClient } from '@tanstack/react-query';
import type { UserView } from '@cutroom/domain/schemas';
import { cardQuery } from '../../lib/card/card-query';
import { FIRST_CHAT } from '../../lib/card/card-keys';
import { chatNotesQuery, checklistQuery } from '../chat/public';
import { defaultTab } from './action-rules';
import { isCardTab } from './card-tabs';
import { decodeCardId } from './paths';

/**
 * The card of /card-details/{id}, when the address is the card's own (others redirect first), and the notes of
 * its customer chat when the page opens on the review: the server then draws the chat and the player's marks,
 * and nothing arrives to draw them again while the page hydrates (issue 55).
 */
export function prefetchCard(queryClient: QueryClient, param: string | undefined, user: UserView, tab: string | null) {
  const cardId = decodeCardId(param);
  if (!cardId || param !== String(cardId)) return;
  void queryClient.prefetchQuery(cardQuery(cardId));
  // The header's checklist badge: with the card, so it does not appear (and move the header) after.
  void queryClient.prefetchQuery(checklistQuery(cardId));
  const shown = isCardTab(tab) ? tab : defaultTab(user.client_type);
  if (shown === 'review')
    void queryClient.prefetchInfiniteQuery(chatNotesQuery(cardId, FIRST_CHAT.chat, FIRST_CHAT.filter));
}
