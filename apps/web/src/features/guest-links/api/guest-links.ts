import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { call } from '../../../lib/call';
import { cardKeys } from '../../../lib/card/card-keys';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

const guestLinksKey = (cardId: number) => ['card-detail', cardId, 'guest-links'] as const;

/** The list, and the card: an approver link made or turned off changes its approval round. */
const linksChanged = (qc: QueryClient, cardId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: guestLinksKey(cardId) }),
    qc.invalidateQueries({ queryKey: cardKeys.card(cardId) }),
  ]);

export const useGuestLinks = (cardId: number, enabled: boolean) =>
  useQuery({
    queryKey: guestLinksKey(cardId),
    queryFn: ({ signal }) => call(API.guestLinks.list, { params: { id: cardId }, signal }),
    enabled,
  });

export function useCreateGuestLink(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.guestLinks.create>['body']) =>
      call(API.guestLinks.create, { params: { id: cardId }, body }),
    onSuccess: () => linksChanged(qc, cardId),
  });
}

export function useRevokeGuestLink(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => call(API.guestLinks.revoke, { params: { id: cardId, linkId } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return linksChanged(qc, cardId);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
