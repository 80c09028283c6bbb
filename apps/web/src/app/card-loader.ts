// The card route's first calls (routes.tsx), in one module the board loads when idle (home-route.tsx): a tap on
// a tile then asks for the card at once, not after this module has been fetched and run (issue 36).
import type { QueryClient } from '@tanstack/react-query';
import type { UserView } from '@cutroom/domain/schemas';
import { prefetchCard } from '../features/card-details/prefetch';
import { prefetchFrame } from './layout/frame-prefetch';

/** The card of /card-details/{cardId}?tab=…, with the app frame's counts. */
export function prefetchCardPage(
  queryClient: QueryClient,
  user: UserView,
  cardId: string | undefined,
  tab: string | null,
) {
  prefetchCard(queryClient, cardId, user, tab);
  prefetchFrame(queryClient, user);
}
