// What a review report shows, as plain data: made on the server's event loop (report-data.ts) and drawn in a
// render thread (render-thread.ts), so this file carries no database or server code into that thread.
import { REPORT_FRAMES_MAX, type FixState } from '@cutroom/domain';
import type { annotationShape } from '@cutroom/domain/schemas';
import type { z } from 'zod';

export type Drawing = z.output<typeof annotationShape>;

export interface ReportReply {
  author: string;
  written: string;
  text: string;
}

export interface ReportEntry {
  /** The note's place in the report, from 1. */
  number: number;
  /** Its moment or range as the reader chose to read timecodes; null for a note on no moment. */
  moment: string | null;
  /** Which video it was written on: 'Video 1 · versions 2'. */
  video: string | null;
  author: string;
  written: string;
  text: string;
  /** Its state as an item of the revision checklist; null for a note that is not one (staff's, before review). */
  state: FixState | null;
  wontFixReason: string | null;
  drawing: Drawing | null;
  frame: { jpeg: Buffer; number: number } | null;
  /** Why a note on a moment shows no frame. */
  noFrame: string | null;
  replies: ReportReply[];
}

export interface ReportData {
  cardId: number;
  title: string;
  customer: string;
  chat: string;
  version: string;
  made: string;
  /** The revision checklist's items among the notes, by state: the checklist's own counts. */
  counts: Record<FixState, number>;
  /** Some note is on a video that is a link outside Cutroom, which has no frames to show. */
  outsideLinks: boolean;
  timed: ReportEntry[];
  untimed: ReportEntry[];
}

/** Why a timed note has no frame; the report says it in place of the picture. */
export const NO_FRAME = {
  outsideLink: 'No frame: the video is a link outside Cutroom',
  notReady: 'No frame: the video is still being prepared, or could not be read',
  beforeDelivery: 'No frame: written before the first delivery',
  noVideo: 'No frame: the note names a video this version does not have',
  tooMany: `No frame: a report shows the first ${REPORT_FRAMES_MAX} frames`,
  unreadable: 'No frame: the frame could not be read from the video',
} as const;
