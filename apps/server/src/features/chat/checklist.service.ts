import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { MSG, fixStateOf, markNoteVerdict, noteAuthorName } from '@cutroom/domain';
import type { ChecklistReply, wontFixBody } from '@cutroom/domain/schemas';
import type { z } from 'zod';
import { cardNotes, users } from '../../db/schema.js';
import type { SessionUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enforce, policyActor } from '../../kernel/card-policy-facts.js';
import { loadChatCard, loadJudgedNote, publish } from './chat.service.js';
import { loadNote } from './note-view.js';

/**
 * GET /api/card/:id/checklist: every item to fix of every round, the latest round first, in video order. The
 * customer chat's are the customer's review notes; the team chat's are delivery QC's findings (staff only).
 */
export async function getChecklist(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  chat: 'customer' | 'team' = 'customer',
): Promise<ChecklistReply> {
  await loadChatCard(ctx, viewer, cardId, chat);
  const rows = await ctx.db
    .select({
      note_id: cardNotes.id,
      round: cardNotes.fixRound,
      text: cardNotes.note,
      is_note_complete: cardNotes.isComplete,
      wont_fix_reason: cardNotes.wontFixReason,
      video_time: cardNotes.videoTime,
      note_for_video_number: cardNotes.videoNumber,
      firstname: users.firstname,
      lastname: users.lastname,
      guestName: cardNotes.guestName,
    })
    .from(cardNotes)
    .leftJoin(users, eq(users.id, cardNotes.authorId))
    .where(
      and(
        eq(cardNotes.cardId, cardId),
        eq(cardNotes.chat, chat),
        isNotNull(cardNotes.fixRound),
        eq(cardNotes.isDeleted, false),
      ),
    )
    .orderBy(desc(cardNotes.fixRound), sql`${cardNotes.videoTime} asc nulls last`, asc(cardNotes.id));
  const items = rows.map(({ is_note_complete, round, guestName, firstname, lastname, ...item }) => ({
    ...item,
    author: noteAuthorName({ guestName, firstname, lastname }),
    round: round!,
    state: fixStateOf({ is_note_complete, wont_fix_reason: item.wont_fix_reason }),
  }));
  return {
    last_round: items[0]?.round ?? null,
    open: items.filter((i) => i.state === 'open').length,
    items,
  };
}

/** POST /api/card/:id/wontFix: staff who may tick an item set it aside with a reason, or put it back. */
export async function setWontFix(
  ctx: AppContext,
  viewer: SessionUser,
  cardId: number,
  body: z.output<typeof wontFixBody>,
) {
  const row = await loadChatCard(ctx, viewer, cardId, 'customer');
  const { note, judged } = await loadJudgedNote(ctx, viewer, cardId, body.note_id);
  // The customer chat's items, and delivery QC's in the team chat, which only staff may read.
  if (note.chat === 'yt' || (note.chat === 'team' && note.qcKind === null)) throw new AppError('NOT_FOUND');
  if (note.chat === 'team') await loadChatCard(ctx, viewer, cardId, 'team');
  enforce(markNoteVerdict(policyActor(viewer, row.client), judged));
  if (note.fixRound === null) throw new AppError('VALIDATION', MSG.notAFixItem, 'note_id');
  const reason = body.reason?.trim() ?? '';
  if (body.wont_fix && !reason) throw new AppError('VALIDATION', MSG.wontFixReasonMissing, 'reason');
  await ctx.db
    .update(cardNotes)
    .set(
      body.wont_fix
        ? { wontFixReason: reason, isComplete: false, updatedAt: new Date() }
        : { wontFixReason: null, updatedAt: new Date() },
    )
    .where(eq(cardNotes.id, note.id));
  await publish(ctx, row, note.chat, 'note.updated', note.id);
  return {
    message: body.wont_fix ? MSG.wontFixSaved : MSG.wontFixCleared,
    note: (await loadNote(ctx.db, note.id, viewer.role))!,
  };
}
