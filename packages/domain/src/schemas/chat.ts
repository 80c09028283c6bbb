import { z } from 'zod';
import { WONT_FIX_REASON_MAX } from '../revision-checklist.js';
import { dbId, emptyAsAbsent } from './fields.js';
import {
  ANNOTATION_COLOR_KEYS,
  ANNOTATION_POINTS_MAX,
  ANNOTATION_SHAPES,
  COMMENTS_PAGE_SIZE,
  COMMENT_MAX,
  NOTE_TYPES,
} from '../chat.js';
import { NOTE_TIME_MAX, toMillis } from '../timecode.js';
import { ROLES } from '../roles.js';
import { QC_STRETCH_KINDS } from '../qc.js';
import { MSG } from '../messages.js';

const noteId = dbId;
export const noteType = z.enum(NOTE_TYPES);
const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

export const commentsQuery = z.object({
  since: emptyAsAbsent(z.iso.datetime({ offset: true }).optional()).describe(
    'Only notes added or changed after this time (polling); empty = all',
  ),
  order: z.enum(['asc', 'desc']).default('asc'),
  filterChatOf: z
    .enum(['all', ...ROLES])
    .default('all')
    .describe('Only notes by this role'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(COMMENTS_PAGE_SIZE),
  note_for_video_number: z.coerce.number().int().min(0).max(100).optional(),
  calledBy: z.string().max(50).optional(),
});
/** The older comments call (spec 001 §7): the same query, its caller named calledFrom. */
export const olderCommentsQuery = commentsQuery
  .omit({ calledBy: true })
  .extend({ calledFrom: z.string().max(50).optional().describe('Answered back as calledBy') });

const fraction = z.number().min(0).max(1);

/**
 * Annotation geometry in fractions of the frame, stored as JSON with the note (spec 001 §3): at a time
 * of one video, or on a thumbnail of the helper chat, which has no time. A box (rect, oval, a point at
 * x, y) or a stroke along points (an arrow's tail and head, a pen's line). Unknown keys are dropped.
 */
export const annotationShape = z
  .object({
    shape: z.enum(ANNOTATION_SHAPES),
    x: fraction,
    y: fraction,
    w: fraction.default(0),
    h: fraction.default(0),
    // [x, y] pairs: an array of two, as OpenAPI 3.0 says a tuple only as a duplicated anyOf.
    points: z.array(z.array(fraction).length(2)).max(ANNOTATION_POINTS_MAX).optional(),
    color: z.enum(ANNOTATION_COLOR_KEYS).optional(),
    // A thumbnail has no time: left out, the annotation sits at 0.
    time: z.number().min(0).max(NOTE_TIME_MAX).default(0),
    version: z.string().max(30).optional(),
  })
  .check((ctx) => {
    const { shape, points = [] } = ctx.value;
    if (shape === 'arrow' && points.length !== 2)
      ctx.issues.push({ code: 'custom', message: MSG.arrowNeedsTwoPoints, path: ['points'], input: points });
    if (shape === 'pen' && points.length < 2)
      ctx.issues.push({ code: 'custom', message: MSG.penNeedsPoints, path: ['points'], input: points });
  });

/** A moment of the video, in seconds to the millisecond (issue 35). */
const noteTime = z
  .number()
  .min(0, { error: MSG.noteTimeNegative })
  .max(NOTE_TIME_MAX, { error: MSG.noteTimeTooLate })
  .transform(toMillis);

/**
 * The moment a note names (`time_in`) and, for a range, where it ends (`time_out`). Null or left out: a
 * note on no moment, or, for a spec client, the moment of its `@VT{}` tag.
 */
export const noteMomentFields = {
  time_in: noteTime.nullable().optional(),
  time_out: noteTime.nullable().optional(),
};

/** A range ends after it starts, and has a start. */
export function checkNoteRange(ctx: z.core.ParsePayload<{ time_in?: number | null; time_out?: number | null }>) {
  const { time_in: timeIn, time_out: timeOut } = ctx.value;
  if (timeOut === null || timeOut === undefined) return;
  if (timeIn === null || timeIn === undefined)
    ctx.issues.push({ code: 'custom', message: MSG.noteRangeNeedsStart, path: ['time_in'], input: timeIn });
  else if (timeOut <= timeIn)
    ctx.issues.push({ code: 'custom', message: MSG.noteRangeBackwards, path: ['time_out'], input: timeOut });
}

export const commentFields = z.object({
  card_id: dbId.optional(),
  note: z.string().trim().min(1, { error: MSG.writeCommentFirst }).max(COMMENT_MAX, { error: MSG.commentTooLong }),
  note_for_video_number: z.number().int().min(0).max(100).optional().nullable(),
  noteParentId: noteId.optional().nullable(),
  note_type: noteType.default('comment'),
  annotation: annotationShape.optional(),
  chat_for: z.string().max(30).optional(),
  ...noteMomentFields,
});
export const commentBody = commentFields.check(checkNoteRange);

export const editCommentBody = z.object({
  cardId: dbId.optional(),
  noteId: noteId.optional(),
  note: z.string().trim().min(1, { error: MSG.writeCommentFirst }).max(COMMENT_MAX, { error: MSG.commentTooLong }),
  chatFor: z.enum(['teamChatComment', 'ytClientChat', 'clientChat']).optional(),
});

export const deleteCommentBody = z.object({
  card_id: dbId.optional(),
  note_id: noteId,
  delete_note: z.unknown().optional(),
  section: z.string().max(30).optional(),
});
export const markCommentBody = z.object({ note_id: noteId, status: flag, type: z.string().max(30).optional() });
export const reactionBody = z.object({
  note_id: noteId,
  status: flag,
  type: z.string().max(30).optional(),
  section: z.string().max(30).optional(),
});

export const noteView = z.object({
  note_id: z.number(),
  note_parent_id: z.number().nullable(),
  parent: z.object({ note_id: z.number(), preview: z.string(), firstname: z.string() }).nullable(),
  note: z.string(),
  note_type: noteType,
  chat: z.enum(['customer', 'team', 'yt']),
  note_by_id: z.number(),
  client_type: z.enum(ROLES),
  firstname: z.string(),
  lastname: z.string(),
  profile_img: z.string().nullable(),
  date_added: z.string(),
  updated_at: z.string(),
  is_deleted: z.boolean(),
  is_note_complete: z.boolean(),
  note_reaction: z.boolean(),
  note_for_video_number: z.number().nullable(),
  video_time: z.number().nullable(),
  /** The moment the note names, in seconds to the millisecond (issue 35); null for a note on no moment. */
  time_in: z.number().nullable(),
  /** Where its range ends; null for a single moment. */
  time_out: z.number().nullable(),
  annotation: annotationShape.nullable(),
  /** The revision round (the card's revision number) a customer's review note is an item to fix in; null if none. */
  fix_round: z.number().nullable(),
  wont_fix_reason: z.string().nullable(),
  /** Set on a guest's note (a guest review link): the name the guest gave; the note counts as the customer side's. */
  guest_name: z.string().nullable(),
  /** Delivery QC's note (issue 51): the kind of stretch it found; null on a person's note. */
  qc_kind: z.enum(QC_STRETCH_KINDS).nullable(),
});
export type NoteView = z.infer<typeof noteView>;

/** Staff set an item aside with a reason the customer reads, or put it back (wont_fix false). */
export const wontFixBody = z.object({
  note_id: noteId,
  wont_fix: z.boolean(),
  reason: z.string().trim().max(WONT_FIX_REASON_MAX).optional(),
});

/** Whose items: the customer's review notes (the default), or delivery QC's findings in the team chat (staff only). */
export const checklistQuery = z.object({ chat: z.enum(['customer', 'team']).default('customer') });

/** One item of the revision checklist. */
export const fixItem = z.object({
  note_id: z.number(),
  round: z.number(),
  state: z.enum(['open', 'fixed', 'wont_fix']),
  text: z.string(),
  author: z.string(),
  video_time: z.number().nullable(),
  note_for_video_number: z.number().nullable(),
  wont_fix_reason: z.string().nullable(),
});
export const checklistReply = z.object({
  /** The latest round with items, whose state QA checks; null when the card has none. */
  last_round: z.number().nullable(),
  open: z.number(),
  items: z.array(fixItem),
});
export type ChecklistReply = z.infer<typeof checklistReply>;

export const commentsReply = z.object({
  comments: z.object({
    comments: z.array(noteView),
    /** Note ids by day (YYYY-MM-DD in the caller's zone), for the day separators of the chat. */
    groupByChat: z.record(z.string(), z.array(z.number())),
    count: z.number(),
  }),
  annotations: z.array(noteView),
  calledBy: z.string().nullable(),
  server_time: z.string().describe('Pass back as `since` on the next poll'),
});
