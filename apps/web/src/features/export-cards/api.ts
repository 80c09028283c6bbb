import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { call } from '../../lib/call';

export type ExportCardsQuery = NonNullable<CallInput<typeof API.exportCards.list>['query']>;

export const exportCardsQuery = (query: ExportCardsQuery) =>
  queryOptions({
    queryKey: ['export-cards', query],
    queryFn: ({ signal }) => call(API.exportCards.list, { query, signal }),
  });

/** The cards last asked for with View; nothing loads before the first View. */
export const useExportCards = (query: ExportCardsQuery | null) =>
  useQuery({ ...exportCardsQuery(query ?? {}), enabled: query !== null });

/** The CSV's address with the same filters; the session cookie goes along with a plain link, the server names the file. */
export function exportCardsCsvHref(query: ExportCardsQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string' || typeof value === 'number') search.set(key, String(value));
  const text = search.toString();
  return API.exportCards.csv.path + (text ? `?${text}` : '');
}
