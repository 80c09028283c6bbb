// The home route's loader asks for the board's first data while the route's code still loads (issue 17),
// with the queries the columns and the header use, so nothing is fetched twice.
import type { QueryClient } from '@tanstack/react-query';
import type { UserView } from '@cutroom/domain/schemas';
import type { ViewType } from '@cutroom/domain';
import { allowanceQuery, columnQuery, countsQuery } from './api';
import { initialMode } from './board-mode';
import { ALL_TABS, listColumns, visibleColumns } from './columns';
import { firstHomeState } from './use-home-filters';

/** The first page of each column the home page will show, its counts and a customer's allowance. */
export function prefetchHome(queryClient: QueryClient, user: UserView, params: URLSearchParams, mode?: ViewType) {
  // The helper board asks other calls; ?cardId= goes to the card's page.
  if (initialMode(user, mode) !== 'normal' || params.has('cardId') || params.has('card_id')) return;
  const first = firstHomeState(user.client_type, params);
  const listed = listColumns(first.show);
  const tab = first.activeTab !== ALL_TABS && listed.find((c) => c.key === first.activeTab);
  const columns = first.view === 'board' ? visibleColumns(first.show) : tab ? [tab] : listed;
  for (const column of columns) void queryClient.prefetchInfiniteQuery(columnQuery(column.key, first.filters));
  void queryClient.prefetchQuery(countsQuery(first.filters));
  if (user.client_type === 'customer') void queryClient.prefetchQuery(allowanceQuery);
}
