import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { MSG } from '@cutroom/domain';
import { call } from '../../lib/call';
import { errorMessage, isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ytMoveRequest, ytMoveSuccess, type YtMoveSend } from '../../lib/yt-moves';
import { cardKeys } from '../../lib/card/card-keys';
import { useCardMutation } from '../../lib/card/card-mutation';

/** A helper move from the YT Helper tab; an assets refusal naming a field is left to its dialog. */
export function useYtMove(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (send: YtMoveSend) => ytMoveRequest(cardId, send),
    onSuccess: (reply, send) => {
      notify.success(reply.message || ytMoveSuccess(send));
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error, send) => {
      if (!(send.kind === 'assets' && isApiError(error) && error.field)) notify.error(errorMessage(error));
    },
  });
}

export const useYtAssign = (cardId: number) =>
  useCardMutation(cardId, (helperId: number) =>
    call(API.ytHelper.assign, { body: { card_id: cardId, assign_to: helperId } }),
  );

export const useYtDueDate = (cardId: number) =>
  useCardMutation(
    cardId,
    (dueDate: string) => call(API.ytHelper.dueDate, { body: { card_id: cardId, due_date: dueDate } }),
    MSG.dueDateUpdated,
  );

/** The helper description; a refusal says the server's reason, else the spec's fallback (spec 001 §8). */
export function useYtDescription(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (html: string) =>
      call(API.ytHelper.description, {
        body: { data: { descriptions: html }, specificConditions: { card_id: cardId } },
      }),
    onSuccess: (reply) => {
      notify.success(reply.message || MSG.descriptionUpdated);
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error) =>
      notify.error(
        isApiError(error) && error.status !== 0 && error.message ? error.message : MSG.descriptionUpdateFailed,
      ),
  });
}
