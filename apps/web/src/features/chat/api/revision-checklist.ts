import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { call } from '../../../lib/call';
import { cardKeys } from '../../../lib/card/card-keys';

/** The checklist and the card's count of open items follow every change to a customer's note. */
export function refreshChecklist(qc: QueryClient, cardId: number) {
  void qc.invalidateQueries({ queryKey: cardKeys.checklist(cardId) });
  void qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
}

/** The card's revision checklist; the card's route asks it with the card (prefetch.ts), the header shows it. */
export const checklistQuery = (cardId: number) =>
  queryOptions({
    queryKey: cardKeys.checklist(cardId),
    queryFn: ({ signal }) => call(API.chat.checklist, { params: { id: cardId }, signal }),
  });

export const useChecklist = (cardId: number, enabled = true) => useQuery({ ...checklistQuery(cardId), enabled });
