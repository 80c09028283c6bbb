import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { call } from '../../lib/call';

export type DueCardsQuery = NonNullable<CallInput<typeof API.dueCards.list>['query']>;
export type DueCardFilters = NonNullable<CallInput<typeof API.dueCards.csv>['query']>;

export const useDueCards = (query: DueCardsQuery) =>
  useQuery({
    queryKey: ['due-cards', query],
    queryFn: ({ signal }) => call(API.dueCards.list, { query, signal }),
    // The old page stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });

/** The export's address with the current filters; the session cookie goes along with a plain link. */
export function exportDueCardsHref(filters: DueCardFilters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (typeof value === 'string' || typeof value === 'number') search.set(key, String(value));
  const text = search.toString();
  return API.dueCards.csv.path + (text ? `?${text}` : '');
}
