import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { call } from '../../../lib/call';
import { cardKeys } from '../../../lib/card/card-keys';

/** The checklists and the card's count of open items follow every change to a customer's note or QC's. */
export function refreshChecklist(qc: QueryClient, cardId: number) {
  void qc.invalidateQueries({ queryKey: cardKeys.checklist(cardId) });
  void qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
}

/**
 * The card's revision checklist; the card's route asks it with the card (prefetch.ts), the header shows it.
 * With 'team', delivery QC's findings in the team chat (staff only).
 */
export const checklistQuery = (cardId: number, chat?: 'team') =>
  queryOptions({
    queryKey: cardKeys.checklist(cardId, chat),
    queryFn: ({ signal }) => call(API.chat.checklist, { params: { id: cardId }, query: chat ? { chat } : {}, signal }),
  });

export const useChecklist = (cardId: number, enabled = true, chat?: 'team') =>
  useQuery({ ...checklistQuery(cardId, chat), enabled });
