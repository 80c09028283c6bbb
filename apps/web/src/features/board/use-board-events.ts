import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BoardColumnKey } from '@cutroom/domain';
import { subscribe, type LiveMessageOf } from '../../lib/live-events';
import { boardKeys, findCardColumn, invalidateColumns } from './api';
import { columnOfStatus } from './columns';

const BOARD_EVENTS = ['card.created', 'card.updated', 'card.moved', 'card.archived', 'cards.sorted', 'resync'] as const;
type BoardMessage = LiveMessageOf<(typeof BOARD_EVENTS)[number]>;

/** Events arrive in bursts (a reorder sends one per card); one refetch per burst is enough. */
const BATCH_MS = 80;

type Affected = BoardColumnKey[] | 'all';

/** Which cached columns an event touches: those it names, else the one holding the card. */
function affected(qc: QueryClient, message: BoardMessage): Affected {
  if (message.type === 'resync') return 'all';
  const holder = findCardColumn(qc, message.data.card_id);
  switch (message.type) {
    case 'card.moved':
      return [columnOfStatus(message.data.from).key, columnOfStatus(message.data.to).key];
    case 'card.created':
      return [columnOfStatus(message.data.card_status).key];
    case 'cards.sorted':
      return ['video_request'];
    case 'card.updated':
      return holder ? [holder] : [];
    case 'card.archived':
      // An unarchived card comes back to a column we can't name from the event.
      return message.data.archived === false ? 'all' : holder ? [holder] : [];
  }
}

/** The card a '#card-{id}' quick view shows over the board. */
const quickViewCard = (hash: string): number | null => {
  const id = /^#card-(\d+)$/.exec(hash)?.[1];
  return id ? Number(id) : null;
};

/**
 * Follows the tab's live stream while the home page is open: another user's change refetches only the
 * columns it touches. This tab's own moves refetch through their mutation, so their events are skipped;
 * but a change made in the quick view reloads only the card, so the board still takes that card's events.
 */
export function useBoardEvents() {
  const qc = useQueryClient();
  const { hash } = useLocation();
  const openCard = useRef<number | null>(null);
  useEffect(() => {
    openCard.current = quickViewCard(hash);
  }, [hash]);

  useEffect(() => {
    const pending = new Set<BoardColumnKey>();
    let everything = false;
    let timer: number | undefined;

    const flush = () => {
      timer = undefined;
      if (everything) void qc.invalidateQueries({ queryKey: boardKeys.all });
      else if (pending.size) void invalidateColumns(qc, [...pending]);
      pending.clear();
      everything = false;
    };
    const unsubscribe = subscribe(
      BOARD_EVENTS,
      (message) => {
        const cols = affected(qc, message);
        if (cols === 'all') everything = true;
        else cols.forEach((c) => pending.add(c));
        timer ??= window.setTimeout(flush, BATCH_MS);
      },
      { keepOwn: (event) => 'card_id' in event.data && event.data.card_id === openCard.current },
    );
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [qc]);
}
