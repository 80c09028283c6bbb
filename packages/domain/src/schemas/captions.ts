import { z } from 'zod';
import { CAPTION_LANGUAGE_PATTERN, CAPTION_SEARCH_MAX, CAPTION_SOURCES, CAPTION_STATES } from '../caption-tracks.js';
import { dbIdText, idParam } from './fields.js';

const seconds = z.number().min(0).max(1_000_000);

export const cueView = z.object({
  /** The cue's number in its track, from 1 (as SRT counts). */
  n: z.number().int(),
  start: z.number(),
  end: z.number(),
  /** Plain text, lines joined by \n: markup was stripped when the file was read. */
  text: z.string(),
  /** WebVTT cue settings kept (line, position, size, align, vertical), or null. */
  settings: z.string().nullable(),
});
export type CueView = z.infer<typeof cueView>;

export const captionView = z.object({
  caption_id: z.number(),
  video_version: z.number(),
  video_number: z.number(),
  language: z.string(),
  source: z.enum(CAPTION_SOURCES),
  /** A transcript is made in the background: queued, processing, then ready or failed with `error`. */
  status: z.enum(CAPTION_STATES),
  error: z.string().nullable(),
  cues: z.array(cueView),
  vtt_url: z.string(),
  srt_url: z.string(),
  /** Staff only (null for the customer and guests): cues too fast, too many lines, or past the safe area. */
  qc: z
    .array(
      z.object({ n: z.number(), kind: z.enum(['too_fast', 'too_many_lines', 'past_safe_area']), message: z.string() }),
    )
    .nullable(),
  created_at: z.string(),
});
export type CaptionView = z.infer<typeof captionView>;

export const captionsQuery = z.object({
  video_version: z.coerce.number().int().min(0).max(10_000).optional(),
});
export const captionsReply = z.object({
  captions: z.array(captionView),
  /** Whether delivered videos are transcribed here (AI_BASE_URL set). */
  transcription: z.boolean(),
});

export const captionParams = idParam.extend({ caption_id: dbIdText });
export const cueParams = captionParams.extend({ n: z.coerce.number().int().min(1).max(1_000_000) });
export const guestCaptionParams = z.object({ caption_id: dbIdText });

export const editCueBody = z
  .object({ text: z.string().max(2_000), start: seconds, end: seconds })
  .refine((b) => b.end > b.start, { error: 'The cue must end after it starts', path: ['end'] });

export const captionReply = z.object({ message: z.string(), caption: captionView });

/** The upload's text fields, read from the multipart form (the file is `file`). */
export const uploadCaptionFields = z.object({
  video_version: z.coerce.number().int().min(0).max(10_000),
  video_number: z.coerce.number().int().min(1).max(100).default(1),
  language: z
    .string()
    .trim()
    .regex(CAPTION_LANGUAGE_PATTERN, { error: 'Give the language as a code such as en, es or pt-BR' }),
});

export const captionSearchQuery = z.object({ q: z.string().trim().min(1).max(CAPTION_SEARCH_MAX) });
export const captionSearchReply = z.object({
  matches: z.array(
    z.object({
      caption_id: z.number(),
      video_version: z.number(),
      /** The cue's number in its track. */
      cue: z.number(),
      time_in: z.number(),
      time_out: z.number(),
      text: z.string(),
    }),
  ),
});
