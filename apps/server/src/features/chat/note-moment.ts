import { MSG, clockOf, fill, tagTimeOf, videoTimeOf, videoTimeTag, withoutLeadingTimeTag } from '@cutroom/domain';
import type { Chat } from '@cutroom/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { videoFacts } from '../media-pipeline/public.js';

interface MomentInput {
  note: string;
  time_in?: number | null;
  time_out?: number | null;
  annotation?: { time: number } | undefined;
  note_for_video_number?: number | null;
}

/** A note's text and the moment it names, as stored. */
export interface NoteMoment {
  text: string;
  timeIn: number | null;
  timeOut: number | null;
  /** The whole second the spec's clients read (`video_time`). */
  videoTime: number | null;
}

/**
 * The moment a new note names: `time_in`/`time_out` as sent; else a drawing's time (a thumbnail's, in the
 * helper chat, is at no time); else the first `@VT{}` tag of the text. A note sent with `time_in` gets the
 * spec's tag of its whole second in front, so that a client built from the spec still jumps to it.
 */
export function momentOfNewNote(body: MomentInput, chat: Chat, text: string): NoteMoment {
  const sent = body.time_in ?? null;
  const timeIn = sent ?? (body.annotation ? (chat === 'yt' ? null : body.annotation.time) : tagTimeOf(text));
  const timeOut = timeIn === null ? null : (body.time_out ?? null);
  // A text whose first tag already names that second keeps its words (the helper chat's customer mark leads).
  const keeps = sent === null || videoTimeOf(text) === Math.floor(sent);
  const tagged = keeps ? text : `${videoTimeTag(sent)} ${withoutLeadingTimeTag(text)}`.trim();
  return { text: tagged, timeIn, timeOut, videoTime: timeIn === null ? null : Math.floor(timeIn) };
}

/**
 * An edited note keeps its moment while its leading tag still names that second; a tag naming another
 * moment moves the note there (its range was for the old one), and no tag leaves it on no moment.
 */
export function momentOfEditedNote(
  stored: { timeIn: number | null; timeOut: number | null; annotation: unknown },
  text: string,
): Omit<NoteMoment, 'text'> {
  const keep = { timeIn: stored.timeIn, timeOut: stored.timeOut };
  if (stored.annotation) return { ...keep, videoTime: keep.timeIn === null ? null : Math.floor(keep.timeIn) };
  const tag = tagTimeOf(text);
  if (tag === null) return { timeIn: null, timeOut: null, videoTime: null };
  if (stored.timeIn !== null && Math.floor(tag) === Math.floor(stored.timeIn))
    return { ...keep, videoTime: Math.floor(tag) };
  return { timeIn: tag, timeOut: null, videoTime: Math.floor(tag) };
}

/** A moment past the end of the video (as the media pipeline measured it) is refused; unknown lengths are not checked. */
export async function checkWithinVideo(
  db: Db,
  cardId: number,
  videoNumber: number | null | undefined,
  moment: Pick<NoteMoment, 'timeIn' | 'timeOut'>,
) {
  if (moment.timeIn === null) return;
  const { duration } = await videoFacts(db, cardId, videoNumber ?? null);
  if (duration === null) return;
  // A millisecond of slack: the end of the last frame rounded to the millisecond.
  const limit = duration + 0.001;
  const field =
    moment.timeIn > limit ? 'time_in' : moment.timeOut !== null && moment.timeOut > limit ? 'time_out' : null;
  if (field) throw new AppError('VALIDATION', fill(MSG.noteTimeBeyondVideo, { duration: clockOf(duration) }), field);
}

/** Only the moment a client sent as `time_in`/`time_out` is held to the video's length (a spec client's tag never was). */
export const sentMoment = (body: Pick<MomentInput, 'time_in' | 'time_out'>) => ({
  timeIn: body.time_in ?? null,
  timeOut: body.time_in === null || body.time_in === undefined ? null : (body.time_out ?? null),
});

/** A drawing stored at the note's moment, so that a client reading `annotation.time` finds the same one. */
export function annotationAt<T extends { time: number }>(annotation: T | undefined, moment: NoteMoment): T | null {
  if (!annotation) return null;
  return moment.timeIn === null ? annotation : { ...annotation, time: moment.timeIn };
}
