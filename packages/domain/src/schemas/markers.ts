import { z } from 'zod';
import {
  DEFAULT_MARKER_FRAME_RATE,
  MARKER_FORMAT_KEYS,
  MARKER_FRAME_RATE_KEYS,
  MARKER_TIMELINE_START_KEYS,
} from '../markers.js';

/** GET /api/card/:id/markers: which notes, in which file, at which frame rate. */
export const markersQuery = z.object({
  format: z.enum(MARKER_FORMAT_KEYS).describe('edl (Resolve), fcpxml (Final Cut Pro), premiere (XML), csv'),
  fps: z
    .enum(MARKER_FRAME_RATE_KEYS)
    .optional()
    .describe(`Left out: the video's own rate when the media pipeline knows it, else ${DEFAULT_MARKER_FRAME_RATE}`),
  chat: z.enum(['customer', 'team']).default('customer').describe('The team chat is staff-only'),
  note_for_video_number: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .optional()
    .describe("Only this version's notes (and notes on no version)"),
  video_version: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000)
    .optional()
    .describe(
      "Only the notes made on this delivered version (0 first, as video_versions' keys count), at its video's rate",
    ),
  include_done: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('Notes ticked off as done are exported as completed markers'),
  start: z.enum(MARKER_TIMELINE_START_KEYS).default('01:00:00:00').describe("The timeline's first timecode"),
});
