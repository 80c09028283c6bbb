import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { MSG } from '@cutroom/domain';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';

export type ArchiveFilters = NonNullable<CallInput<typeof API.archive.list>['query']>;

const ARCHIVE_KEY = ['archive'] as const;

/** One page of the archived cards the viewer sees (spec 002 §2 "Archived"). */
export function useArchivedCards(filters: ArchiveFilters) {
  return useQuery({
    queryKey: [...ARCHIVE_KEY, filters],
    queryFn: ({ signal }) => call(API.archive.list, { query: filters, signal }),
    // Keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Brings a card back to the board, then reloads the list it left. */
export function useUnarchiveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) => call(API.workflow.unarchive, { params: { id: cardId } }),
    onSuccess: () => notify.success(MSG.restoredFromArchive),
    onError: () => notify.error(MSG.generic),
    onSettled: () => qc.invalidateQueries({ queryKey: ARCHIVE_KEY }),
  });
}
