import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { API } from '@cutroom/domain/contract';
import { COMMENTS_PAGE_SIZE } from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { call } from '../../../lib/call';
import { cardKeys, type ChatFilter, type ChatKind } from '../../../lib/card/card-keys';

/** One page of notes as served (newest first); `since` is the server time to poll from. */
export interface ChatPage {
  notes: NoteView[];
  count: number;
  since: string;
}
export type ChatData = InfiniteData<ChatPage, number>;

const heldIds = (pages: ChatPage[]) => new Set(pages.flatMap((p) => p.notes.map((n) => n.note_id)));

/** Pages run newest to oldest; the next offset is what we hold, since new notes only ever arrive on top. */
export function nextChatOffset(pages: ChatPage[]): number | undefined {
  const held = heldIds(pages).size;
  const total = Math.max(0, ...pages.map((p) => p.count));
  return held < total ? held : undefined;
}

/**
 * Folds changed notes into the pages: known ones are replaced where they are, newer ones go on top,
 * and older unknown ones wait for their own page (they'd otherwise be counted twice).
 */
export function mergeNotes(data: ChatData, incoming: NoteView[], since?: string): ChatData {
  const held = heldIds(data.pages);
  const newest = Math.max(0, ...held);
  const byId = new Map(incoming.map((n) => [n.note_id, n]));
  const pages = data.pages.map((p) => ({ ...p, notes: p.notes.map((n) => byId.get(n.note_id) ?? n) }));
  const fresh = incoming
    .filter((n) => !held.has(n.note_id) && n.note_id > newest)
    .sort((a, b) => b.note_id - a.note_id);
  const [first, ...rest] = pages;
  if (!first) return data;
  return {
    ...data,
    pages: [
      { ...first, notes: [...fresh, ...first.notes], count: first.count + fresh.length, since: since ?? first.since },
      ...rest,
    ],
  };
}

/** A chat's notes, a page at a time, newest first: what the chat shows and the card's loader asks for ahead. */
export const chatNotesQuery = (cardId: number, chat: ChatKind, filter: ChatFilter) =>
  infiniteQueryOptions({
    queryKey: cardKeys.chat(cardId, chat, filter),
    queryFn: async ({ pageParam, signal }): Promise<ChatPage> => {
      const reply = await call(API.chat[chat].comments, {
        params: { id: cardId },
        query: { order: 'desc', offset: pageParam, limit: COMMENTS_PAGE_SIZE, filterChatOf: filter },
        signal,
      });
      return { notes: reply.comments.comments, count: reply.comments.count, since: reply.server_time };
    },
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextChatOffset(pages),
    // Live events and the fallback poll keep it current; a refetch would reload every page.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useChatNotes(cardId: number, chat: ChatKind, filter: ChatFilter, enabled: boolean) {
  return useInfiniteQuery({ ...chatNotesQuery(cardId, chat, filter), enabled });
}

const syncing = new Map<string, { again: boolean }>();

/** Brings one cached chat up to date with `since`; concurrent calls collapse into one follow-up. */
async function syncOne(qc: QueryClient, key: readonly unknown[]): Promise<void> {
  const id = JSON.stringify(key);
  const running = syncing.get(id);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  syncing.set(id, state);
  try {
    do {
      state.again = false;
      const data = qc.getQueryData<ChatData>(key);
      const first = data?.pages[0];
      if (!first) return;
      const [, cardId, , chat, filter] = key as ReturnType<typeof cardKeys.chat>;
      const reply = await call(API.chat[chat].comments, {
        params: { id: cardId },
        query: { since: first.since, order: 'asc', limit: 200, filterChatOf: filter },
      });
      qc.setQueryData<ChatData>(key, (old) => old && mergeNotes(old, reply.comments.comments, reply.server_time));
    } while (state.again);
  } finally {
    syncing.delete(id);
  }
}

/** Every cached view (each filter) of a chat catches up; resolves false when the server could not be reached. */
export async function syncChat(qc: QueryClient, cardId: number, chat: ChatKind): Promise<boolean> {
  const queries = qc.getQueryCache().findAll({ queryKey: cardKeys.chatOf(cardId, chat) });
  const results = await Promise.allSettled(queries.map((q) => syncOne(qc, q.queryKey)));
  return results.every((r) => r.status === 'fulfilled');
}

/** A note we just wrote goes straight into every cached view it belongs in. */
export function placeNote(qc: QueryClient, cardId: number, chat: ChatKind, note: NoteView) {
  for (const q of qc.getQueryCache().findAll({ queryKey: cardKeys.chatOf(cardId, chat) })) {
    const filter = q.queryKey[4] as ChatFilter;
    if (filter !== 'all' && filter !== note.client_type) continue;
    qc.setQueryData<ChatData>(q.queryKey, (old) => old && mergeNotes(old, [note]));
  }
}
