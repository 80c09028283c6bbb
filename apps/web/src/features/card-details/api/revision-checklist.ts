import { useQuery, type QueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { call } from '../../../lib/call';
import { cardKeys } from './card-keys';

/** The checklist and the card's count of open items follow every change to a customer's note. */
export function refreshChecklist(qc: QueryClient, cardId: number) {
  void qc.invalidateQueries({ queryKey: cardKeys.checklist(cardId) });
  void qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
}

export const useChecklist = (cardId: number, enabled = true) =>
  useQuery({
    queryKey: cardKeys.checklist(cardId),
    queryFn: ({ signal }) => call(API.chat.checklist, { params: { id: cardId }, signal }),
    enabled,
  });
