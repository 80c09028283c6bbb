import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { API, type CallInput, type ReplyOf } from '@cutroom/domain/contract';
import { INBOX_CHAT_PAGE_SIZE, INBOX_PAGE_SIZE, MSG, type InboxStatus } from '@cutroom/domain';
import type { InboxNoteView } from '@cutroom/domain/schemas';
import { isApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { useLiveEvents, useStreamState } from '../../lib/live-events';
import { notify } from '../../lib/notify';

export const inboxKeys = {
  all: ['inbox'] as const,
  list: (status: InboxStatus, page: number, title: string) => ['inbox', 'list', status, page, title] as const,
  chat: (id: number) => ['inbox', 'chat', id] as const,
  unseen: ['inbox', 'unseen'] as const,
  customers: (search: string) => ['inbox', 'customers', search] as const,
};

/** The server's reason for a refusal (4xx); the spec's sentence for anything else. */
const errorText = (error: unknown, fallback: string) =>
  isApiError(error) && error.status < 500 ? error.message : fallback;

export function useThreads(status: InboxStatus, page: number, title: string) {
  return useQuery({
    queryKey: inboxKeys.list(status, page, title),
    queryFn: ({ signal }) =>
      call(API.inbox.list, {
        params: { status },
        query: { page, limit: INBOX_PAGE_SIZE, ...(title ? { title } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

type ChatPage = ReplyOf<typeof API.inbox.chat>;

/** The loaded pages' messages, each once, oldest first (a message sent meanwhile shifts the pages). */
export function threadMessages(pages: readonly ChatPage[] | undefined): InboxNoteView[] {
  const byId = new Map<number, InboxNoteView>();
  for (const page of pages ?? [])
    for (const note of page.comments) if (!byId.has(note.note_id)) byId.set(note.note_id, note);
  return [...byId.values()].sort((a, b) => a.date_added.localeCompare(b.date_added) || a.note_id - b.note_id);
}

/** A thread's newest messages first; "Load older messages" asks for the page before those loaded. */
export function useThread(id: number | null) {
  return useInfiniteQuery({
    queryKey: inboxKeys.chat(id ?? 0),
    queryFn: ({ pageParam, signal }) =>
      call(API.inbox.chat, { params: { id: id! }, query: { offset: pageParam, limit: INBOX_CHAT_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const held = pages.reduce((n, page) => n + page.comments.length, 0);
      return last.comments.length > 0 && held < last.count ? held : undefined;
    },
    enabled: id !== null,
  });
}

const INBOX_LIVE_EVENTS = ['inbox.updated', 'resync'] as const;

/** The sidebar's unseen count; the app frame's loader asks it with the page's first calls. */
export const inboxUnseenQuery = queryOptions({
  queryKey: inboxKeys.unseen,
  queryFn: ({ signal }) => call(API.inbox.unseen, { signal }),
});

/**
 * The sidebar's unseen count, kept live: any thread change (here or in another tab, by anyone) reloads
 * the inbox's queries; without the event stream it polls every 30 s (spec 002 §9).
 */
export function useInboxUnseen(enabled: boolean) {
  const qc = useQueryClient();
  useLiveEvents(
    INBOX_LIVE_EVENTS,
    () => {
      if (enabled) void qc.invalidateQueries({ queryKey: inboxKeys.all });
    },
    { onReconnect: () => enabled && void qc.invalidateQueries({ queryKey: inboxKeys.all }) },
  );
  const state = useStreamState();
  const query = useQuery({
    ...inboxUnseenQuery,
    enabled,
    refetchInterval: state === 'open' ? false : 30_000,
  });
  return query.data?.count ?? 0;
}

/** Every inbox change refreshes the lists, the open chat and the badge (this tab skips its own events). */
const useRefresh = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: inboxKeys.all });
};

export function useCreateThread() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.inbox.create>['body']) => call(API.inbox.create, { body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return refresh();
    },
    onError: (error) => notify.error(errorText(error, MSG.unableToPostComment)),
  });
}

export function useSendMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.inbox.send>['body']) => call(API.inbox.send, { body }),
    onSuccess: () => refresh(),
    onError: (error) => notify.error(errorText(error, MSG.unableToPostComment)),
  });
}

export function useEditMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.inbox.edit>['body']) => call(API.inbox.edit, { body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return refresh();
    },
    onError: (error) => notify.error(errorText(error, MSG.unableToEditComment)),
  });
}

export function useDeleteMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.inbox.remove>['body']) => call(API.inbox.remove, { body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return refresh();
    },
    onError: (error) => notify.error(errorText(error, MSG.generic)),
  });
}

export function useSetStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.inbox.status>['body']) => call(API.inbox.status, { body }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return refresh();
    },
    onError: (error) => notify.error(errorText(error, MSG.inboxStatusFailed)),
  });
}

/** Opening a thread marks its messages seen for this user; the badge and the list follow. */
export function useMarkSeen() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (chatId: number) => call(API.inbox.seenMessages, { body: { chat_id: chatId } }),
    onSuccess: () => refresh(),
  });
}

/** Staff choose the customer of a new thread from the customers they serve. */
export function useCustomerChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.customers(search),
    queryFn: ({ signal }) => call(API.users.customers, { query: { limit: 20, ...(search ? { search } : {}) }, signal }),
    select: (reply) =>
      reply.customers.map((c) => ({ value: String(c.client_id), label: `${c.firstname} ${c.lastname}`.trim() })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
