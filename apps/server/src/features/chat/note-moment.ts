import {
  MSG,
  VIDEO_END_SLACK_S,
  clockOf,
  fill,
  tagTimeOf,
  videoTimeOf,
  videoTimeTag,
  withinVideo,
  withoutLeadingTimeTag,
} from '@cutroom/domain';
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
 * A reply sent with a moment is about its parent's, not where the player stood as it was written: it takes the
 * parent's video, time and range, and none when the parent has none (the caller drops the leading tag from its
 * text then); a drawing on it is on the parent's frame.
 */
export function replyAtParent<T extends MomentInput>(
  body: T,
  parent: { timeIn: number | null; timeOut: number | null; videoNumber: number | null },
): T {
  const at = parent.timeIn;
  return {
    ...body,
    note_for_video_number: parent.videoNumber,
    time_in: at,
    time_out: at === null ? null : parent.timeOut,
    ...(body.annotation && at !== null ? { annotation: { ...body.annotation, time: at } } : {}),
  };
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

/**
 * The moment a new note's body names, held to the video's measured length: a sent `time_in`/`time_out` (or a
 * drawing's time) up to VIDEO_END_SLACK_S past the end names the last frame and is moved there; a sent moment
 * further out is refused. Unknown lengths are not checked, and a spec client's tag never was.
 */
export async function fitWithinVideo<T extends MomentInput>(db: Db, cardId: number, body: T): Promise<T> {
  const sent = body.time_in ?? null;
  if (sent === null && !body.annotation) return body;
  const { duration, rate } = await videoFacts(db, cardId, body.note_for_video_number ?? null);
  if (duration === null) return body;
  // A millisecond of slack past the end, and a rendition's overrun past that: both name the last frame.
  const limit = duration + 0.001 + VIDEO_END_SLACK_S;
  const timeOut = sent === null ? null : (body.time_out ?? null);
  const field = sent !== null && sent > limit ? 'time_in' : timeOut !== null && timeOut > limit ? 'time_out' : null;
  if (field) throw new AppError('VALIDATION', fill(MSG.noteTimeBeyondVideo, { duration: clockOf(duration) }), field);
  const fit = (seconds: number) => (seconds > limit ? seconds : withinVideo(seconds, duration, rate));
  const timeIn = sent === null ? null : fit(sent);
  // A range squeezed into the last frame is that frame.
  const out = timeIn === null || timeOut === null || fit(timeOut) <= timeIn ? null : fit(timeOut);
  return {
    ...body,
    ...(timeIn === null ? {} : { time_in: timeIn, time_out: out }),
    ...(body.annotation ? { annotation: { ...body.annotation, time: fit(body.annotation.time) } } : {}),
  };
}

/** A drawing stored at the note's moment, so that a client reading `annotation.time` finds the same one. */
export function annotationAt<T extends { time: number }>(annotation: T | undefined, moment: NoteMoment): T | null {
  if (!annotation) return null;
  return moment.timeIn === null ? annotation : { ...annotation, time: moment.timeIn };
}
