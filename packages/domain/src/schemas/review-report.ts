import { z } from 'zod';
import { REPORT_CHATS } from '../review-report.js';
import { TIMECODE_MODES } from '../timecode.js';

/** GET /api/card/:id/report.pdf: which chat, which delivered version, timecodes read how. */
export const reviewReportQuery = z.object({
  chat: z.enum(REPORT_CHATS).default('customer').describe('The team chat is staff-only'),
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .optional()
    .describe('Only the notes made on this delivered version (1 is the first); left out, every version'),
  timecode: z
    .enum(TIMECODE_MODES)
    .default('smpte')
    .describe("How times read: SMPTE at the video's own frame rate, frame numbers, or seconds"),
});
