import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { MSG } from '@cutroom/domain';
import { failureMessage } from '../../lib/api-client';
import { call } from '../../lib/call';
import { notify } from '../../lib/notify';
import type { RatingChange } from './rating-rule';

export type UpdatedRatingsQuery = NonNullable<CallInput<typeof API.rating.updated>['query']>;
export type CustomerRatingsQuery = NonNullable<CallInput<typeof API.rating.customers>['query']>;

const KEYS = {
  titles: (title: string) => ['rating', 'titles', title] as const,
  card: (cardId: number) => ['rating', 'card', cardId] as const,
  updated: ['rating', 'updated'] as const,
  customer: ['rating', 'customer-rated'] as const,
};

/** Title suggestions for the card search; nothing is asked before something is typed. */
export const useCardTitles = (title: string) =>
  useQuery({
    queryKey: KEYS.titles(title),
    queryFn: ({ signal }) => call(API.cards.titles, { query: { title }, signal }),
    select: (reply) => reply.titles,
    enabled: title.length > 0,
    placeholderData: keepPreviousData,
  });

/** The chosen card's ratable parts with their rating and QA. */
export const useRatingCard = (cardId: number | null) =>
  useQuery({
    queryKey: KEYS.card(cardId ?? 0),
    queryFn: ({ signal }) => call(API.rating.getCard, { body: { card_id: cardId ?? 0 }, signal }),
    enabled: cardId !== null,
  });

export const useUpdatedRatings = (query: UpdatedRatingsQuery) =>
  useQuery({
    queryKey: [...KEYS.updated, query],
    queryFn: ({ signal }) => call(API.rating.updated, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useCustomerRatings = (query: CustomerRatingsQuery) =>
  useQuery({
    queryKey: [...KEYS.customer, query],
    queryFn: ({ signal }) => call(API.rating.customers, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Sends the change, toasts the server's message, and reloads the list and the card it changed. */
export function useChangeRating(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RatingChange) =>
      change.kind === 'rating'
        ? call(API.rating.update, { body: change.body })
        : call(API.rating.assignNewQa, { body: change.body }),
    onSuccess: async (reply, change) => {
      notify.success(reply.data.message);
      onDone();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: KEYS.updated }),
        queryClient.invalidateQueries({ queryKey: KEYS.customer }),
        queryClient.invalidateQueries({ queryKey: KEYS.card(change.body.cardId) }),
      ]);
    },
    // The server's refusal explains itself; a crash or a lost connection gets the spec's text.
    onError: (error) => notify.error(failureMessage(error, MSG.ratingUpdateFailed)),
  });
}
