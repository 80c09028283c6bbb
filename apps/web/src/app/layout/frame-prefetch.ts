// The app frame's counts, asked by its route's loader with the page's first calls (issue 36): a page the
// server drew then has them in its data, and the bell and the sidebar hydrate without a call and a redraw.
import type { QueryClient } from '@tanstack/react-query';
import { INBOX_ROLES } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { inboxUnseenQuery } from '../../features/inbox/api';
import { unseenCountQuery } from '../../features/notifications/api';

export function prefetchFrame(queryClient: QueryClient, user: UserView) {
  void queryClient.prefetchQuery(unseenCountQuery);
  if (INBOX_ROLES.includes(user.client_type)) void queryClient.prefetchQuery(inboxUnseenQuery);
}
