import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { call } from '../../../lib/call';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

const guestLinksKey = (cardId: number) => ['card-detail', cardId, 'guest-links'] as const;

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
    onSuccess: () => qc.invalidateQueries({ queryKey: guestLinksKey(cardId) }),
  });
}

export function useRevokeGuestLink(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => call(API.guestLinks.revoke, { params: { id: cardId, linkId } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: guestLinksKey(cardId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
