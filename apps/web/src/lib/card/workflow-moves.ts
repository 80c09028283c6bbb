import { API } from '@cutroom/domain/contract';
import { MSG, type RatedPart } from '@cutroom/domain';
import { call } from '../call';
import { useCardMutation } from './card-mutation';

export const useRevision = (cardId: number) =>
  useCardMutation(
    cardId,
    (reasons: string[]) =>
      call(API.moves.revision, { params: { id: cardId }, body: { card_id: cardId, card_status: 'done', reasons } }),
    MSG.movedToRevision,
  );

export const useMarkComplete = (cardId: number) =>
  useCardMutation(
    cardId,
    (v: { cardSection: 'done' | 'repurpose'; buttonText: string }) =>
      call(API.moves.markComplete, { params: { id: cardId }, body: { card_id: cardId, status: 1, ...v } }),
    MSG.cardMarkedCompleted,
  );

export const useArchive = (cardId: number) =>
  useCardMutation(cardId, () => call(API.workflow.archive, { params: { id: cardId } }), MSG.movedToArchive);

export const usePause = (cardId: number) =>
  useCardMutation(cardId, (paused: boolean) =>
    call(API.workflow.pause, { params: { id: cardId }, body: { paused: paused ? 1 : 0 } }),
  );

export const useRepurpose = (cardId: number) =>
  useCardMutation(
    cardId,
    () =>
      call(API.moves.moveCardSub, {
        params: { id: cardId },
        body: { card_id: cardId, status: 'repurpose_editing', from: 'done' },
      }),
    MSG.cardMoved,
  );

export const useRate = (cardId: number) =>
  useCardMutation(
    cardId,
    (v: { rating: number; comment?: string; card_type: RatedPart; assigned_qa_id?: number | null }) =>
      call(API.workflow.rate, { params: { id: cardId }, body: { card_id: cardId, ...v } }),
    MSG.feedbackSubmitted,
  );
