import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CallInput } from '@cutroom/domain/contract';
import { MSG } from '@cutroom/domain';
import { call } from '../../../lib/call';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { ChatKind } from '../../../lib/card/card-keys';
import { placeNote, syncChat } from './chat-notes';
import { refreshChecklist } from './revision-checklist';

export type Annotation = NonNullable<CallInput<typeof API.chat.customer.post>['body']['annotation']>;

/** The server's words for a refusal it explains (closed in QA, too long); otherwise the spec's text. */
const chatError = (error: unknown, fallback: string) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 404 ? error.message : fallback;

export interface NewNote {
  chat: ChatKind;
  note: string;
  noteParentId?: number | null;
  note_for_video_number?: number | null;
  /** The exact moment, in seconds to the millisecond (issue 35). */
  time_in?: number;
  /** Where a range ends. */
  time_out?: number;
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

/** A revision-checklist item set aside (or back) is a change to its note, so every view catches up the same way. */
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
