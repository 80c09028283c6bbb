import { and, eq } from 'drizzle-orm';
import {
  MSG,
  changeNoteVerdict,
  isFixItem,
  markNoteVerdict,
  reactNoteVerdict,
  readChatVerdict,
  withoutLeadingTimeTag,
  writeChatVerdict,
  type Chat,
} from '@cutroom/domain';
import type { commentBody, commentsQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cardNotes } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { toPlainText } from '../../platform/rich-text.js';
import { audienceOf, loadVisibleCard } from '../../kernel/card-access.js';
import { enforce, policyActor, policyCard, policyNote } from '../../kernel/card-policy-facts.js';
import { type CardRow } from '../../kernel/card-view.js';
import { notifyComment, publishCreated } from '../notifications/public.js';
import { annotationAt, fitWithinVideo, momentOfEditedNote, momentOfNewNote, replyAtParent } from './note-moment.js';
import { listNotes, loadNote } from './note-view.js';

/** The card, if the viewer may read this chat: team chat is staff-only and simply absent for customers. */
export async function loadChatCard(ctx: AppContext, viewer: SessionUser, cardId: number, chat: Chat): Promise<CardRow> {
  const row = await loadVisibleCard(ctx.db, viewer, cardId);
  enforce(readChatVerdict(policyActor(viewer, row.client), chat, policyCard(row.card)));
  return row;
}

async function loadOwnNote(ctx: AppContext, cardId: number, noteId: number, chat?: Chat) {
  const [note] = await ctx.db
    .select()
    .from(cardNotes)
    .where(and(eq(cardNotes.id, noteId), eq(cardNotes.cardId, cardId), chat ? eq(cardNotes.chat, chat) : undefined))
    .limit(1);
  if (!note) throw new AppError('NOT_FOUND');
  return note;
}

export const publish = (
  ctx: AppContext,
  row: CardRow,
  chat: Chat,
  type: 'note.created' | 'note.updated',
  noteId: number,
) =>
  ctx.events.publish({
    type,
    cardId: row.card.id,
    audience: { ...audienceOf(row.card), staffOnly: chat === 'team' },
    data: { note_id: noteId, chat },
  });

export async function listComments(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  chat: Chat,
  query: z.output<typeof commentsQuery>,
  zone: string,
) {
  await loadChatCard(ctx, viewer, cardId, chat);
  return listNotes(ctx.db, cardId, chat, query, viewer.role, zone);
}

export async function postComment(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  chat: Chat,
  body: z.output<typeof commentBody>,
) {
  const row = await loadChatCard(ctx, viewer, cardId, chat);
  enforce(writeChatVerdict(policyActor(viewer, row.client), policyCard(row.card), chat));
  const parent = body.noteParentId ? await loadOwnNote(ctx, cardId, body.noteParentId, chat) : null;
  // A reply sent with a moment (the playhead's) is about its parent's; a spec client's reply keeps its text as sent.
  const atParent = parent !== null && body.time_in !== null && body.time_in !== undefined ? parent : null;
  const plain = toPlainText(body.note);
  const text = atParent?.timeIn === null ? withoutLeadingTimeTag(plain) : plain;
  if (!text) throw new AppError('VALIDATION', MSG.writeCommentFirst, 'note');
  if (body.note_type === 'annotation' && !body.annotation)
    throw new AppError('VALIDATION', MSG.drawAnnotationFirst, 'annotation');
  if (parent?.isDeleted) throw new AppError('VALIDATION', MSG.commentWasDeleted, 'noteParentId');
  const fitted = await fitWithinVideo(ctx.db, cardId, atParent ? replyAtParent(body, atParent) : body);
  const moment = momentOfNewNote(fitted, chat, text);
  // No comment without its notifications and no notification without its comment: one transaction.
  const { id, notified } = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(cardNotes)
      .values({
        cardId,
        chat,
        parentId: body.noteParentId ?? null,
        noteType: body.note_type,
        note: moment.text,
        authorId: viewer.id,
        videoNumber: fitted.note_for_video_number ?? null,
        fixRound: isFixItem(viewer.role, chat, row.card.cardStatus) ? row.card.revisionNr : null,
        videoTime: moment.videoTime,
        timeIn: moment.timeIn,
        timeOut: moment.timeOut,
        annotation: annotationAt(fitted.annotation, moment),
      })
      .returning({ id: cardNotes.id });
    return { id: created!.id, notified: await notifyComment(ctx, tx, viewer, row.card, moment.text, chat === 'team') };
  });
  await publish(ctx, row, chat, 'note.created', id);
  await publishCreated(ctx, notified);
  return {
    id,
    message: body.note_type === 'annotation' ? MSG.annotationAdded : MSG.commentAdded,
    note: (await loadNote(ctx.db, id, viewer.role))!,
  };
}

/** A note of the card with its author's role, as the note rules read it. */
export async function loadJudgedNote(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  noteId: number,
  chat?: Chat,
) {
  const note = await loadOwnNote(ctx, cardId, noteId, chat);
  const view = (await loadNote(ctx.db, noteId, viewer.role))!;
  return { note, judged: policyNote(note, view.client_type) };
}

async function loadChangeable(ctx: AppContext, viewer: SessionUser, cardId: number, noteId: number, chat?: Chat) {
  const { note, judged } = await loadJudgedNote(ctx, viewer, cardId, noteId, chat);
  const row = await loadChatCard(ctx, viewer, cardId, note.chat);
  enforce(changeNoteVerdict(policyActor(viewer, row.client), judged));
  return { note, row };
}

export async function editComment(ctx: AppContext, viewer: SessionUser, cardId: number, noteId: number, text: string) {
  const { note, row } = await loadChangeable(ctx, viewer, cardId, noteId);
  const clean = toPlainText(text);
  if (!clean) throw new AppError('VALIDATION', MSG.writeCommentFirst, 'note');
  await ctx.db
    .update(cardNotes)
    .set({ note: clean, ...momentOfEditedNote(note, clean), updatedAt: new Date() })
    .where(eq(cardNotes.id, noteId));
  await publish(ctx, row, note.chat, 'note.updated', noteId);
  return { status: true, message: MSG.commentEdited };
}

export async function deleteComment(ctx: AppContext, viewer: SessionUser, cardId: number, noteId: number, chat: Chat) {
  const { note, row } = await loadChangeable(ctx, viewer, cardId, noteId, chat);
  const [deleted] = await ctx.db
    .update(cardNotes)
    .set({ isDeleted: true, updatedAt: new Date() })
    // Re-checked in the write: of two deletes at once the second finds nothing, as it would after.
    .where(and(eq(cardNotes.id, noteId), eq(cardNotes.isDeleted, false)))
    .returning({ id: cardNotes.id });
  if (!deleted) throw new AppError('NOT_FOUND');
  await publish(ctx, row, note.chat, 'note.updated', noteId);
  return { message: MSG.commentDeleted };
}

/** Staff tick off a customer's comment once it is handled; the helper chat's calls take only its notes. */
export async function markCommentComplete(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  noteId: number,
  done: boolean,
  chat?: 'yt',
) {
  // Staff only, so the team chat's customer rule needs no second check.
  const row = chat ? await loadChatCard(ctx, viewer, cardId, chat) : await loadVisibleCard(ctx.db, viewer, cardId);
  const { note, judged } = await loadJudgedNote(ctx, viewer, cardId, noteId, chat);
  enforce(markNoteVerdict(policyActor(viewer, row.client), judged));
  // A ticked item is fixed, so a reason it wouldn't be goes.
  const fixed = done ? { wontFixReason: null } : {};
  await ctx.db
    .update(cardNotes)
    .set({ isComplete: done, ...fixed, updatedAt: new Date() })
    .where(eq(cardNotes.id, noteId));
  await publish(ctx, row, note.chat, 'note.updated', noteId);
  return { success: true, message: MSG.statusUpdated };
}

/** Customers give a thumbs-up to customers' comments; the helper chat's call takes only its notes. */
export async function reactToComment(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  noteId: number,
  on: boolean,
  only?: 'yt',
) {
  const row = await loadChatCard(ctx, viewer, cardId, only ?? 'customer');
  const actor = policyActor(viewer, row.client);
  const { note, judged } = await loadJudgedNote(ctx, viewer, cardId, noteId, only);
  // A team note: hidden from customers (404), and no one reacts to it (403), as before.
  enforce(readChatVerdict(actor, note.chat, policyCard(row.card)) ?? reactNoteVerdict(actor, judged, note.chat));
  await ctx.db.update(cardNotes).set({ reaction: on, updatedAt: new Date() }).where(eq(cardNotes.id, noteId));
  await publish(ctx, row, note.chat, 'note.updated', noteId);
  return { success: true, message: MSG.statusUpdated };
}
