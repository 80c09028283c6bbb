import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SESSION_ENDED_EVENT, isCardStatus, type BoardColumnKey } from '@cutroom/domain';
import { signalSessionEnded } from '../../lib/api-client';
import { boardKeys, findCardColumn, invalidateColumns } from './api';
import { columnOfStatus } from './columns';

interface EventData {
  card_id?: number;
  from?: unknown;
  to?: unknown;
  card_status?: unknown;
  archived?: boolean;
}

/** Events arrive in bursts (a reorder sends one per card); one refetch per burst is enough. */
const BATCH_MS = 80;

type Affected = BoardColumnKey[] | 'all';

const statusColumns = (...values: unknown[]): BoardColumnKey[] =>
  values.filter(isCardStatus).map((s) => columnOfStatus(s).key);

/** Which cached columns an event touches: those it names, else the one holding the card. */
function affected(qc: QueryClient, type: string, data: EventData): Affected {
  const holder = data.card_id ? findCardColumn(qc, data.card_id) : null;
  switch (type) {
    case 'card.moved':
      return statusColumns(data.from, data.to);
    case 'card.created':
      return statusColumns(data.card_status ?? 'video_request');
    case 'cards.sorted':
      return ['video_request'];
    case 'card.updated':
      return holder ? [holder] : [];
    case 'card.archived':
      // An unarchived card comes back to a column we can't name from the event.
      return data.archived === false ? 'all' : holder ? [holder] : [];
    default:
      return 'all';
  }
}

const EVENT_TYPES = ['card.created', 'card.updated', 'card.moved', 'card.archived', 'cards.sorted', 'resync'];

/**
 * One EventSource while the home page is open: another user's change refetches only the columns it
 * touches. The browser reconnects by itself and sends Last-Event-ID, so missed events replay.
 */
export function useBoardEvents() {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
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
    const listener = (event: Event) => {
      let data: EventData = {};
      try {
        data = JSON.parse((event as MessageEvent<string>).data) as EventData;
      } catch {
        /* a resync carries no useful data */
      }
      const cols = affected(qc, event.type, data);
      if (cols === 'all') everything = true;
      else cols.forEach((c) => pending.add(c));
      timer ??= window.setTimeout(flush, BATCH_MS);
    };
    EVENT_TYPES.forEach((type) => source.addEventListener(type, listener));
    source.addEventListener(SESSION_ENDED_EVENT, () => {
      source.close();
      signalSessionEnded();
    });
    return () => {
      source.close();
      window.clearTimeout(timer);
    };
  }, [qc]);
}
