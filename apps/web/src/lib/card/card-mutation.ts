import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@cutroom/domain';
import { errorMessage } from '../api-client';
import { notify } from '../notify';
import { cardKeys } from './card-keys';

/** Every change call answers with a message to show (the routes' replies, whatever else they carry). */
interface WithMessage {
  message: string;
}

/** Every change to a card answers with a message; the page shows it and reloads the card. */
export function useCardMutation<V>(cardId: number, call: (vars: V) => Promise<WithMessage>, fallback?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      notify.success(reply.message || fallback || MSG.cardDetailsUpdated);
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
