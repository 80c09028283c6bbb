import { useQueryClient } from '@tanstack/react-query';
import { CHATS } from '@cutroom/domain';
import { useLiveEvents } from '../../lib/live-events';
import { cardKeys } from '../../lib/card/card-keys';
import { patchMediaProgress } from '../media-pipeline/public';
import { syncChat, refreshChecklist } from '../chat/public';

const CARD_LIVE_EVENTS = [
  'note.created',
  'note.updated',
  'card.updated',
  'card.moved',
  'card.archived',
  'media.updated',
  'resync',
] as const;

/**
 * Follows the tab's live stream while the card is open: a note written anywhere reaches this chat within
 * a second, a change to the card reloads it (this tab's own changes reload through their mutation).
 */
export function useCardLive(cardId: number): void {
  const qc = useQueryClient();
  const catchUp = () => {
    refreshChecklist(qc, cardId);
    for (const chat of CHATS) void syncChat(qc, cardId, chat);
  };
  useLiveEvents(
    CARD_LIVE_EVENTS,
    (message) => {
      if (message.type === 'resync') return catchUp();
      if (message.data.card_id !== cardId) return;
      // Progress moves the bar in place; a job that starts or ends reloads the card (its proxies, its error).
      if (message.type === 'media.updated' && message.data.status === 'processing' && message.data.progress > 0) {
        const { video_ids: ids, progress, importing } = message.data;
        if (!patchMediaProgress(qc, cardId, ids, progress, importing)) return;
      }
      if (message.type !== 'note.created' && message.type !== 'note.updated') {
        void qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
      } else {
        // A customer's note, or delivery QC's, may be an item of a checklist, whose counts then change.
        if (message.data.chat !== 'yt') refreshChecklist(qc, cardId);
        void syncChat(qc, cardId, message.data.chat);
      }
    },
    { onReconnect: catchUp },
  );
}
