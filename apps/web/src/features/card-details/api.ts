import { useEffect, useRef } from 'react';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  API,
  ASSIGNABLE_ROLES,
  CARD_OPEN_EVENT,
  COMMENTS_PAGE_SIZE,
  MSG,
  type CallInput,
  type Chat,
  type RatedPart,
  type NoteView,
  type Role,
} from '@cutroom/domain';
import { call } from '../../lib/call';
import { uploadFile } from '../../lib/upload';
import { errorMessage, isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ytMoveRequest, ytMoveSuccess, type YtMoveSend } from '../../lib/yt-moves';

export type ChatKind = Chat;
export type ChatFilter = 'all' | Role;
export type Annotation = NonNullable<CallInput<typeof API.chat.customer.post>['body']['annotation']>;
/** Every change call answers with a message to show (the routes' replies, whatever else they carry). */
interface WithMessage {
  message: string;
}

export const cardKeys = {
  all: (cardId: number) => ['card-detail', cardId] as const,
  card: (cardId: number) => ['card-detail', cardId, 'card'] as const,
  chatOf: (cardId: number, chat: ChatKind) => ['card-detail', cardId, 'chat', chat] as const,
  chat: (cardId: number, chat: ChatKind, filter: ChatFilter) => ['card-detail', cardId, 'chat', chat, filter] as const,
  staff: ['card-detail', 'staff'] as const,
  checklist: (cardId: number) => ['card-detail', cardId, 'checklist'] as const,
};

// ---------------------------------------------------------------- the card

/** The card call; the page and the route's prefetch (prefetch.ts) share it, so the key matches. */
export const cardQuery = (cardId: number) =>
  queryOptions({
    queryKey: cardKeys.card(cardId),
    queryFn: ({ signal }) => call(API.cards.get, { params: { id: cardId }, signal }),
    // A card that isn't there (or isn't ours) won't appear on a retry.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
  });

export const useCard = (cardId: number) => useQuery(cardQuery(cardId));

/** Records one card_open per card shown (spec 001 §2); a failure here must never disturb the page. */
export function useRecordCardOpen(cardId: number, enabled: boolean) {
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (!enabled || recorded.current === cardId) return;
    recorded.current = cardId;
    call(API.cardDetails.event, { params: { id: cardId }, query: { type: CARD_OPEN_EVENT } }).catch(() => undefined);
  }, [cardId, enabled]);
}

/** Every change to a card answers with a message; the page shows it and reloads the card. */
function useCardMutation<V>(cardId: number, call: (vars: V) => Promise<WithMessage>, fallback?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      notify.success(reply.message || fallback || MSG.cardDetailsUpdated);
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

export const useUpdateTitle = (cardId: number) =>
  useCardMutation(cardId, (v: { oldTitle: string; card_title: string }) =>
    call(API.cards.updateTitle, { params: { id: cardId }, body: v }),
  );

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

export const useAssign = (cardId: number) =>
  useCardMutation(cardId, (assignTo: number | null) =>
    call(API.cardDetails.assign, { body: { card_id: cardId, assign_to: assignTo } }),
  );

export const useDueDate = (cardId: number) =>
  useCardMutation(cardId, (dueDate: string) =>
    call(API.cardDetails.dueDate, { body: { card_id: cardId, due_date: dueDate } }),
  );

// ---------------------------------------------------------------- the YouTube-helper side

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

export type LinkField = 'done_video_link' | 'unlisted_video_link' | 'thumbnails_link' | 'yt_snippet_link';
export const useChangeLink = (cardId: number) =>
  useCardMutation(cardId, (v: { field: LinkField; link: string; videoId?: number; repurpose?: boolean }) =>
    call(API.cardDetails.changeLink, {
      body: {
        card_id: cardId,
        [v.field]: v.link,
        ...(v.videoId ? { video_id: v.videoId } : {}),
        ...(v.repurpose ? { type: 'repurpose' } : {}),
      },
    }),
  );

export const useChangeContentId = (cardId: number) =>
  useCardMutation(cardId, (contentId: string) =>
    call(API.cardDetails.contentId, { body: { card_id: cardId, contentId } }),
  );

/** The SRT goes to the storage layer first, then its address onto the card (spec 001 §7 "Files"). */
export function useUploadSrt(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      let url: string;
      try {
        url = (await uploadFile(file, 'subtitles')).url;
      } catch (error) {
        // A refusal (wrong type, too large, quota) says why; anything else is the spec's generic text.
        throw isApiError(error) && error.status < 500 && error.status !== 401 ? error : new Error(MSG.uploadFailed);
      }
      return call(API.cardDetails.srtFile, { params: { id: cardId }, body: { card_id: cardId, srt_file: url } });
    },
    onSuccess: (reply) => {
      notify.success(reply.message || MSG.fileUploaded);
      return qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
    },
    onError: (error) => notify.error(isApiError(error) ? error.message : MSG.uploadFailed),
  });
}

/** Editors, QA and team leads the caller may hand the card to (spec 001 §6: non-deleted users); or, for the helper side, helpers. */
export function useAssignableStaff(enabled: boolean, roles: readonly Role[] = ASSIGNABLE_ROLES) {
  return useQuery({
    queryKey: cardKeys.staff,
    queryFn: ({ signal }) => call(API.users.list, { query: { limit: 100 }, signal }),
    select: (reply) => reply.users.filter((u) => !u.is_deleted && roles.includes(u.client_type)),
    enabled,
    staleTime: 5 * 60_000,
  });
}

// ---------------------------------------------------------------- the chat

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

export function useChatNotes(cardId: number, chat: ChatKind, filter: ChatFilter, enabled: boolean) {
  return useInfiniteQuery({
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
    enabled,
    // Live events and the fallback poll keep it current; a refetch would reload every page.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
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
function placeNote(qc: QueryClient, cardId: number, chat: ChatKind, note: NoteView) {
  for (const q of qc.getQueryCache().findAll({ queryKey: cardKeys.chatOf(cardId, chat) })) {
    const filter = q.queryKey[4] as ChatFilter;
    if (filter !== 'all' && filter !== note.client_type) continue;
    qc.setQueryData<ChatData>(q.queryKey, (old) => old && mergeNotes(old, [note]));
  }
}

/** The server's words for a refusal it explains (closed in QA, too long); otherwise the spec's text. */
const chatError = (error: unknown, fallback: string) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 404 ? error.message : fallback;

export interface NewNote {
  chat: ChatKind;
  note: string;
  noteParentId?: number | null;
  note_for_video_number?: number | null;
  annotation?: Annotation;
}

export function usePostNote(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ chat, annotation, ...body }: NewNote) =>
      call(API.chat[chat].post, {
        params: { id: cardId },
        body: { card_id: cardId, ...body, ...(annotation ? { note_type: 'annotation', annotation } : {}) },
      }),
    onSuccess: (reply, vars) => {
      placeNote(qc, cardId, vars.chat, reply.note);
      if (reply.note.fix_round !== null) refreshChecklist(qc, cardId);
      notify.success(reply.message || (vars.annotation ? MSG.annotationAdded : MSG.commentAdded));
    },
    onError: (error, vars) =>
      notify.error(chatError(error, vars.annotation ? MSG.unableToPostAnnotation : MSG.unableToPostComment)),
  });
}

/** Edits, deletes, ticks and thumbs-up: the note changes on the server, then every view catches up. */
function useNoteChange<V extends { chat: ChatKind }>(
  cardId: number,
  call: (vars: V) => Promise<{ message: string }>,
  failure: string,
  success?: (reply: { message: string }) => string | null,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (reply, vars) => {
      const text = success?.(reply);
      if (text) notify.success(text);
      if (vars.chat === 'customer') refreshChecklist(qc, cardId);
      await syncChat(qc, cardId, vars.chat);
    },
    onError: (error) => notify.error(chatError(error, failure)),
  });
}

/** How the edit call names each chat (spec 001 §7). */
const CHAT_FOR = { customer: 'clientChat', team: 'teamChatComment', yt: 'ytClientChat' } as const;

/** The helper chat has its own tick and thumbs-up calls; the other two share the customer chat's. */
const noteCallsOf = (chat: ChatKind) => (chat === 'yt' ? API.chat.yt : API.chat);

export const useEditNote = (cardId: number) =>
  useNoteChange(
    cardId,
    (v: { chat: ChatKind; noteId: number; note: string }) =>
      call(API.chat.edit, {
        params: { id: cardId, noteId: v.noteId },
        body: { cardId, noteId: v.noteId, note: v.note, chatFor: CHAT_FOR[v.chat] },
      }),
    MSG.unableToEditComment,
    (reply) => reply.message || MSG.commentEdited,
  );

export const useDeleteNote = (cardId: number) =>
  useNoteChange(
    cardId,
    (v: { chat: ChatKind; noteId: number }) =>
      call(API.chat[v.chat].remove, {
        params: { id: cardId },
        body: { card_id: cardId, note_id: v.noteId, delete_note: 1 },
      }),
    MSG.generic,
    (reply) => reply.message || MSG.commentDeleted,
  );

export const useMarkNote = (cardId: number) =>
  useNoteChange(
    cardId,
    (v: { chat: ChatKind; noteId: number; done: boolean }) =>
      call(noteCallsOf(v.chat).mark, { params: { id: cardId }, body: { note_id: v.noteId, status: v.done ? 1 : 0 } }),
    MSG.unableToMarkComment,
  );

export const useReactNote = (cardId: number) =>
  useNoteChange(
    cardId,
    (v: { chat: ChatKind; noteId: number; on: boolean }) =>
      call(noteCallsOf(v.chat).react, { params: { id: cardId }, body: { note_id: v.noteId, status: v.on ? 1 : 0 } }),
    MSG.unableToReact,
  );

// ---------------------------------------------------------------- the revision checklist

/** The checklist and the card's count of open items follow every change to a customer's note. */
export function refreshChecklist(qc: QueryClient, cardId: number) {
  void qc.invalidateQueries({ queryKey: cardKeys.checklist(cardId) });
  void qc.invalidateQueries({ queryKey: cardKeys.card(cardId) });
}

export const useChecklist = (cardId: number, enabled = true) =>
  useQuery({
    queryKey: cardKeys.checklist(cardId),
    queryFn: ({ signal }) => call(API.chat.checklist, { params: { id: cardId }, signal }),
    enabled,
  });

export const useWontFix = (cardId: number) =>
  useNoteChange(
    cardId,
    (v: { chat: ChatKind; noteId: number; reason: string | null }) =>
      call(API.chat.wontFix, {
        params: { id: cardId },
        body: { note_id: v.noteId, wont_fix: v.reason !== null, ...(v.reason !== null ? { reason: v.reason } : {}) },
      }),
    MSG.generic,
    (reply) => reply.message,
  );

// ---------------------------------------------------------------- guest review links

const guestLinksKey = (cardId: number) => ['card-detail', cardId, 'guest-links'] as const;

export const useGuestLinks = (cardId: number, enabled: boolean) =>
  useQuery({
    queryKey: guestLinksKey(cardId),
    queryFn: ({ signal }) => call(API.guestLinks.list, { params: { id: cardId }, signal }),
    enabled,
  });

export function useCreateGuestLink(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.guestLinks.create>['body']) =>
      call(API.guestLinks.create, { params: { id: cardId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: guestLinksKey(cardId) }),
  });
}

export function useRevokeGuestLink(cardId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => call(API.guestLinks.revoke, { params: { id: cardId, linkId } }),
    onSuccess: (reply) => {
      notify.success(reply.message);
      return qc.invalidateQueries({ queryKey: guestLinksKey(cardId) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}

/** The guest's visit: its review, or a 401 when there is none yet (the page then asks for the link's name and password). */
export const guestReviewKey = ['guest-review'] as const;
export const useGuestReview = () =>
  useQuery({
    queryKey: guestReviewKey,
    queryFn: ({ signal }) => call(API.guestLinks.review, { signal, expectUnauthorized: true }),
    retry: false,
  });

/** Which link this tab's visit came from: another link's page asks to be opened, not shows the old card. */
export const GUEST_LINK_KEY = 'cutroom_guest_link';

export function useOpenGuestLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CallInput<typeof API.guestLinks.open>['body']) => {
      const reply = await call(API.guestLinks.open, { body, expectUnauthorized: true });
      // Before the review is asked again, so the page knows the visit is this link's.
      sessionStorage.setItem(GUEST_LINK_KEY, body.token);
      return reply;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: guestReviewKey }),
  });
}

export function useGuestComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof API.guestLinks.comment>['body']) =>
      call(API.guestLinks.comment, { body, expectUnauthorized: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: guestReviewKey }),
  });
}

export function useLeaveGuestVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.guestLinks.leave, { expectUnauthorized: true }),
    onSuccess: () => qc.resetQueries({ queryKey: guestReviewKey }),
  });
}
