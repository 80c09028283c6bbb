import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribe } from '../../lib/live-events';
import { invalidateYtBoard } from './yt-api';

const YT_BOARD_EVENTS = ['card.created', 'card.updated', 'card.moved', 'card.archived', 'resync'] as const;
/** Events come in bursts; one refetch per burst. */
const BATCH_MS = 80;

/**
 * The helper board follows the live stream: another user's change refetches the helper columns (six
 * small pages). This tab's own moves refetch through their mutation, so their events are skipped.
 */
export function useYtBoardEvents() {
  const qc = useQueryClient();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribe(YT_BOARD_EVENTS, () => {
      timer ??= window.setTimeout(() => {
        timer = undefined;
        void invalidateYtBoard(qc);
      }, BATCH_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [qc]);
}
