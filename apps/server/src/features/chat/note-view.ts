import { and, asc, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { QC_AUTHOR, REPLY_PREVIEW_CHARS, calendarDay, type Chat, type Role } from '@cutroom/domain';
import type { NoteView, commentsQuery } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { cardNotes, users } from '../../db/schema.js';

const author = alias(users, 'author');
const parent = alias(cardNotes, 'parent');
const parentAuthor = alias(users, 'parent_author');

type Row = {
  n: typeof cardNotes.$inferSelect;
  a: { firstname: string; lastname: string; clientType: Role; profileImg: string | null } | null;
  p: { id: number; note: string; isDeleted: boolean; guestName: string | null } | null;
  pa: { firstname: string } | null;
};

/** Delivery QC's notes (no author row) are signed as QC, in QA's colours. */
const QC_SIGNATURE = { firstname: QC_AUTHOR.name, lastname: '', clientType: QC_AUTHOR.role, profileImg: null };

/** Deleted notes keep their place; only admins still read deleted customer comments (greyed in the page). */
function toView(row: Row, viewerRole: Role): NoteView {
  const { n, p, pa } = row;
  const a = row.a ?? QC_SIGNATURE;
  const readable = !n.isDeleted || (viewerRole === 'admin' && a.clientType === 'customer');
  return {
    note_id: n.id,
    note_parent_id: n.parentId,
    parent: p
      ? {
          note_id: p.id,
          preview: p.isDeleted ? '' : p.note.slice(0, REPLY_PREVIEW_CHARS),
          firstname: p.guestName ?? pa?.firstname ?? QC_AUTHOR.name,
        }
      : null,
    note: readable ? n.note : '',
    note_type: n.noteType,
    chat: n.chat,
    note_by_id: n.authorId ?? 0,
    client_type: a.clientType,
    // A guest's note is signed with the name they gave, never as the customer it is filed under.
    firstname: n.guestName ?? a.firstname,
    lastname: n.guestName !== null ? '' : a.lastname,
    profile_img: n.guestName !== null ? null : a.profileImg,
    date_added: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
    is_deleted: n.isDeleted,
    is_note_complete: n.isComplete,
    note_reaction: n.reaction,
    note_for_video_number: n.videoNumber,
    video_time: n.videoTime,
    time_in: n.timeIn,
    time_out: n.timeOut,
    annotation: readable ? (n.annotation as NoteView['annotation']) : null,
    fix_round: n.fixRound,
    wont_fix_reason: readable ? n.wontFixReason : null,
    guest_name: n.guestName,
    qc_kind: n.qcKind,
  };
}

function baseSelect(db: Db) {
  return db
    .select({
      n: cardNotes,
      a: {
        firstname: author.firstname,
        lastname: author.lastname,
        clientType: author.clientType,
        profileImg: author.profileImg,
      },
      p: { id: parent.id, note: parent.note, isDeleted: parent.isDeleted, guestName: parent.guestName },
      pa: { firstname: parentAuthor.firstname },
    })
    .from(cardNotes)
    .leftJoin(author, eq(author.id, cardNotes.authorId))
    .leftJoin(parent, eq(parent.id, cardNotes.parentId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.authorId));
}

export async function loadNote(db: Db, noteId: number, viewerRole: Role) {
  const [row] = await baseSelect(db).where(eq(cardNotes.id, noteId)).limit(1);
  return row ? toView(row, viewerRole) : null;
}

/** One page of a card's chat, or what changed since a time; annotations come alongside. */
export async function listNotes(
  db: Db,
  cardId: number,
  chat: Chat,
  query: z.output<typeof commentsQuery>,
  viewerRole: Role,
  zone: string,
) {
  const where: SQL[] = [eq(cardNotes.cardId, cardId), eq(cardNotes.chat, chat)];
  if (query.filterChatOf !== 'all')
    where.push(sql`coalesce(${author.clientType}, ${QC_AUTHOR.role}) = ${query.filterChatOf}`);
  if (query.note_for_video_number !== undefined) {
    where.push(or(eq(cardNotes.videoNumber, query.note_for_video_number), sql`${cardNotes.videoNumber} is null`)!);
  }
  if (query.since) where.push(gt(cardNotes.updatedAt, new Date(query.since)));
  const order = query.order === 'desc' ? [desc(cardNotes.id)] : [asc(cardNotes.id)];
  const condition = and(...where);
  const serverTime = new Date().toISOString();
  const [rows, [total]] = await Promise.all([
    baseSelect(db)
      .where(condition)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cardNotes)
      .leftJoin(author, eq(author.id, cardNotes.authorId))
      .where(condition),
  ]);
  const notes = (rows as Row[]).map((r) => toView(r, viewerRole));
  const groupByChat: Record<string, number[]> = {};
  for (const n of notes) (groupByChat[calendarDay(new Date(n.date_added), zone)] ??= []).push(n.note_id);
  return {
    comments: { comments: notes, groupByChat, count: total?.n ?? 0 },
    annotations: notes.filter((n) => n.note_type === 'annotation' && !n.is_deleted),
    calledBy: query.calledBy ?? null,
    server_time: serverTime,
  };
}
