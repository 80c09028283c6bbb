import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION_ENDED_EVENT } from '@cutroom/domain';
import { signalSessionEnded } from '../../lib/api-client';
import { cardKeys, syncChat } from './api';

export type StreamState = 'connecting' | 'open' | 'down';

const NOTE_EVENTS = ['note.created', 'note.updated'];
const CARD_EVENTS = ['card.updated', 'card.moved', 'card.archived'];
/** The browser retries dropped streams itself; one refused outright (a restart, a proxy) is reopened by us. */
const REOPEN_MS = 5_000;

interface EventData {
  card_id?: number;
  chat?: string;
}

const readData = (event: Event): EventData => {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as EventData;
  } catch {
    return {};
  }
};

/**
 * Follows GET /api/events while the card is open: a note written anywhere reaches this chat within a
 * second, a change to the card reloads it. Reports whether the stream is up, so the chat can poll
 * only while it isn't (spec 001 §4 keeps the 15 s poll as the fallback).
 */
export function useCardLive(cardId: number): StreamState {
  const qc = useQueryClient();
  const [state, setState] = useState<StreamState>(() => (typeof EventSource === 'undefined' ? 'down' : 'connecting'));

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: number | undefined;
    let wasDown = false;

    const catchUp = () => {
      void qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
      for (const chat of ['customer', 'team'] as const) void syncChat(qc, cardId, chat);
    };
    const onNote = (event: Event) => {
      const data = readData(event);
      if (data.card_id !== cardId) return;
      if (data.chat === 'customer' || data.chat === 'team') void syncChat(qc, cardId, data.chat);
    };
    const onCard = (event: Event) => {
      if (readData(event).card_id === cardId) void qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    };
    const open = () => {
      const es = new EventSource('/api/events');
      source = es;
      es.addEventListener('open', () => {
        setState('open');
        // Anything written while we were away arrives now; a fresh stream has nothing to replay.
        if (wasDown) catchUp();
        wasDown = false;
      });
      es.addEventListener('error', () => {
        wasDown = true;
        setState('down');
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          reopen = window.setTimeout(open, REOPEN_MS);
        }
      });
      NOTE_EVENTS.forEach((type) => es.addEventListener(type, onNote));
      CARD_EVENTS.forEach((type) => es.addEventListener(type, onCard));
      es.addEventListener('resync', catchUp);
      es.addEventListener(SESSION_ENDED_EVENT, () => {
        es.close();
        signalSessionEnded();
      });
    };
    open();
    return () => {
      window.clearTimeout(reopen);
      source?.close();
    };
  }, [cardId, qc]);

  return state;
}
