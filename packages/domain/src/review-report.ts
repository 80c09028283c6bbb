/** A report grabs at most this many frames (each a decode on the API's machine); later notes go without. */
export const REPORT_FRAMES_MAX = 120;

/** The chats a review report can be made of: the helper chat reviews thumbnails, not a video. */
export const REPORT_CHATS = ['customer', 'team'] as const;

/** Reports one person may have drawn in a window; a report served from the cache is not counted. */
export const REPORT_RENDERS_MAX = 6;
export const REPORT_RENDERS_WINDOW_MS = 60_000;

/** Drawn reports a server keeps for a repeat request on an unchanged card: at most this many, and bytes. */
export const REPORT_CACHE_ENTRIES_MAX = 200;
export const REPORT_CACHE_BYTES_MAX = 64 * 1_048_576;

/** A report still drawing after this long is given up (its thread ended); 120 frames take about 2 s. */
export const REPORT_RENDER_TIMEOUT_MS = 60_000;

/** Why a review report was refused (issue 48): sent with a 429 or 503 to a download the page doesn't read, so kept out of MSG. */
export const REPORT_REFUSAL = {
  rendersLimit: 'You have made {n} review reports in the last minute; try again in {s} seconds',
  busy: 'The server is making many review reports right now; try again in a few seconds',
  timedOut: 'The review report took too long to make; try again, or ask for one version',
} as const;
