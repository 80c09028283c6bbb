/** Where a stored video stands in the media pipeline (issue 34): GET /api/card/{id} shows it per video. */
export const MEDIA_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** The proxy ladder: one H.264 rendition per height (the short side for portrait video), never upscaled. */
export const PROXY_HEIGHTS = [1080, 540] as const;

/**
 * Scrub thumbnails: one per this many seconds, this wide, this many to a sprite image (10 × 10); a video
 * longer than maxThumbs seconds gets them further apart, so no video makes more than maxThumbs of them.
 */
export const SCRUB = { intervalS: 1, width: 160, columns: 10, rows: 10, maxThumbs: 3600 } as const;

/** Waveform peaks per second of audio, and at most this many in all (a long film keeps a light file). */
export const WAVEFORM = { peaksPerSecond: 10, maxPeaks: 4000 } as const;

/** The largest picture the pipeline takes, either side (issue 48: a 16000 × 16000 frame took 6 GB to decode). */
export const MEDIA_MAX_SIDE = 8192;

/** A failed job is tried this many times in all before it ends as failed (retries wait backoffMs). */
export const MEDIA_MAX_ATTEMPTS = 3;

/** The files the pipeline makes for one video, read at /api/media/assets/{id}/{file}. */
export const MEDIA_FILE_PATTERN =
  /^(proxy-\d{2,4}\.mp4|poster\.jpg|sprite-\d{1,4}\.jpg|thumbnails\.vtt|waveform\.json)$/;

/** The path of one of an asset's files, for a signed-in user or a guest link's visitor. */
export const mediaFilePath = (assetId: number, file: string, guest = false) =>
  `/api/${guest ? 'guest/' : ''}media/assets/${assetId}/${file}`;

/** A time limit as people say it: "1 minute", "2 hours", "90 seconds" (whole units, the largest that fits). */
export function spokenDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  const [count, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Why the media pipeline could not prepare a video (issues 34, 48): the server stores one as the asset's
 * error and the player shows it as sent, so these stay out of MSG and out of the first page's download.
 */
export const MEDIA_FAILURE = {
  missing: 'The file is no longer in storage. Upload the video again.',
  notVideo: 'This file has no video we can read. Export it again as a video file.',
  damaged: 'The file is damaged or incomplete ({detail}). Export or upload it again.',
  timedOut:
    'Preparing this video took longer than {limit} and was stopped. Export a shorter or lighter file, or ask us to raise the limit.',
  failed: 'This video could not be prepared for playback: {detail}. Export it again, or upload another file.',
  tooLarge:
    'This video is {width} × {height} pixels; we prepare videos up to {max} × {max}. Export it at a smaller size.',
  stoppedEachTry:
    'This video could not be prepared for playback: the work stopped on each of its {attempts} tries. Export it again, or upload another file.',
  // A delivery link fetched into storage (issue 49); {link} is "This Dropbox link", "This Google Drive link" or "This link".
  linkSignIn: "{link} asks for a sign-in: share it as 'anyone with the link' and paste the link again.",
  linkFolder: '{link} opens a folder, not a video: share the video file itself and paste its link.',
  linkWebPage:
    '{link} opens a web page, not a video file: paste a link that downloads the video (on Dropbox or Google Drive, the link of the file itself).',
  linkNotFound: '{link} answers "not found": the file was moved or deleted. Share it again and paste the new link.',
  linkHttpError:
    '{link} answered "{status}" instead of the video. Check that it opens in a private browser window, then paste it again.',
  linkTooLarge: 'The video behind this link is {size}; we take videos up to {max}. Export a smaller file.',
  linkQuota:
    "The video behind this link ({size}) doesn't fit in the customer's storage: {left} left of {quota}. Free some space, then paste the link again.",
  linkNotVideo:
    'The file behind this link is not a video we can read. Share the exported video file and paste its link.',
  linkRefused:
    'This link points to a private or local address, which we never fetch. Share the video on Dropbox, Google Drive or another public address.',
  linkOwnServer:
    "This link points to Cutroom itself: deliver an uploaded file with 'Deliver to a card…' on the upload page instead.",
  linkUnreachable:
    "We couldn't fetch this link ({detail}), even after {attempts} tries. Check that it opens in a private browser window, then paste it again.",
  linkStalled: 'The server behind this link stopped sending the video for {limit}. Paste the link again to retry.',
} as const;

/** How a failure names the link it fetched: by its service when we know it. */
export const LINK_SERVICE_NAMES = {
  dropbox: 'This Dropbox link',
  drive: 'This Google Drive link',
  other: 'This link',
} as const;
export type LinkService = keyof typeof LINK_SERVICE_NAMES;

/** Sites whose links are pages with their own player: a delivery link there is played there, never fetched. */
export const LINK_IMPORT_PAGE_HOSTS = ['youtube.com', 'youtu.be', 'vimeo.com', 'loom.com', 'frame.io', 'wistia.com'];
