import { useEffect, useRef } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { CARD_OPEN_EVENT } from '@cutroom/domain';
import { call } from '../../../lib/call';
import { isApiError } from '../../../lib/api-client';
import { cardKeys } from '../../../lib/card/card-keys';

/** The card call; the page and the route's prefetch (prefetch.ts) share it, so the key matches. */
export const cardQuery = (cardId: number) =>
  queryOptions({
    queryKey: cardKeys.card(cardId),
    queryFn: ({ signal }) => call(API.cards.get, { params: { id: cardId }, signal }),
    // A card that isn't there (or isn't ours) won't appear on a retry.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
  });

export const useCard = (cardId: number) => useQuery(cardQuery(cardId));

/** Records one card_open per card shown (spec 001 §2); a failure here must never disturb the page. */
export function useRecordCardOpen(cardId: number, enabled: boolean) {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (!enabled || recorded.current === cardId) return;
    recorded.current = cardId;
    call(API.cardDetails.event, { params: { id: cardId }, query: { type: CARD_OPEN_EVENT } }).catch(() => undefined);
  }, [cardId, enabled]);
}
