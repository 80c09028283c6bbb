import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { call } from '../call';
import { isApiError } from '../api-client';
import { cardKeys } from './card-keys';

/** The card call; the card page, its route's prefetch and the board's delivery dialog share it, so the key matches. */
export const cardQuery = (cardId: number) =>
  queryOptions({
    queryKey: cardKeys.card(cardId),
    queryFn: ({ signal }) => call(API.cards.get, { params: { id: cardId }, signal }),
    // A card that isn't there (or isn't ours) won't appear on a retry.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
  });

export const useCard = (cardId: number) => useQuery(cardQuery(cardId));
