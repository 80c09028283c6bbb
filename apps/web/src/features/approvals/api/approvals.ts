import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { call } from '../../../lib/call';
import { errorMessage } from '../../../lib/api-client';
import { cardKeys } from '../../../lib/card/card-keys';
import { notify } from '../../../lib/notify';

/** The customer's decision on the latest version; the card reloads with the round. */
export function useDecide(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.approvals.decide>['body']) =>
      call(API.approvals.decide, { params: { id: cardId }, body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** The card's rule: any reviewer's approval, or every approver's. */
export function useApprovalRule(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rule: CallInput<typeof API.approvals.rule>['body']['rule']) =>
      call(API.approvals.rule, { params: { id: cardId }, body: { rule } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** What the viewer played of a version of the card, for the approval round's coverage. */
export const sendWatched = (cardId: number) => (video_version: number, ranges: [number, number][]) =>
  call(API.approvals.watched, { params: { id: cardId }, body: { video_version, ranges } });

/** What the viewer has played of a version so far, asked before they approve it. */
export const myWatched = (cardId: number, video_version: number) =>
  call(API.approvals.myWatched, { params: { id: cardId }, query: { video_version } });

/** A short-lived link to a version's original (refused to a customer whose originals wait for approval). */
export const originalLink = (cardId: number, video_version: number) =>
  call(API.approvals.download, { params: { id: cardId }, query: { video_version } });
