/** The upload page's rules (spec 002 §2 "Upload page", §5, §9), shared by the server and the browser. */

const MB = 1_048_576;

/** Files up to this size go up as one part; larger ones in parts (issue 16). */
export const UPLOAD_SINGLE_PART_MAX = 100 * MB;
/** A part of a larger file; S3 wants every part but the last to be at least 5 MB. */
export const UPLOAD_PART_SIZE = 16 * MB;
/** S3's limit on the parts of one upload. */
export const UPLOAD_MAX_PARTS = 10_000;
/** Part URLs asked for in one call. */
export const UPLOAD_PART_URLS_MAX = 100;
/** A part URL works this long; the browser asks for fresh ones when it resumes. */
export const UPLOAD_PART_URL_SECONDS = 60 * 60;
/** A download link works this long (issue 16: at most 15 minutes). */
export const UPLOAD_DOWNLOAD_SECONDS = 15 * 60;
/** Parts the browser sends at once. */
export const UPLOAD_PARALLEL_PARTS = 4;
/** The longest file name kept before the timestamp. */
export const UPLOAD_NAME_MAX = 100;
/** An unfinished upload older than this is abandoned: it stops counting against the quota and is swept away. */
export const UPLOAD_ABANDONED_MS = 7 * 24 * 3_600_000;

export interface PartPlan {
  partSize: number;
  partCount: number;
}

/** How a file of `size` bytes (> 0) is cut: one part up to 100 MB, else 16 MB parts (more if 10,000 wouldn't do). */
export function uploadPartPlan(size: number): PartPlan {
  if (size <= UPLOAD_SINGLE_PART_MAX) return { partSize: size, partCount: 1 };
  const partSize = Math.max(UPLOAD_PART_SIZE, Math.ceil(size / UPLOAD_MAX_PARTS / MB) * MB);
  return { partSize, partCount: Math.ceil(size / partSize) };
}

/** The bytes part `n` (1-based) of a file must hold: the part size, the rest for the last one. */
export const partBytes = (plan: PartPlan, size: number, n: number): number =>
  n < plan.partCount ? plan.partSize : size - (plan.partCount - 1) * plan.partSize;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** 20261125-142930123: sortable, and unique to the millisecond. */
const stamp = (at: Date) =>
  `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-` +
  `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}${pad(at.getUTCMilliseconds(), 3)}`;

/** Letters lose their accents (é → e); anything not a plain letter or digit goes. */
const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * The name of an upload as it starts (spec 002 §5): the extension kept, special characters removed,
 * spaces turned to hyphens and a timestamp added. No path survives: only the part after the last
 * slash or backslash is read, and the result holds nothing but letters, digits, '-', '_' and one '.'.
 * Once its bytes are checked, `typedFileName` swaps the extension for their type's (issue 33).
 */
export function uploadFileName(name: string, at: Date = new Date()): string {
  // eslint-disable-next-line no-control-regex -- control characters (NUL included) are what is removed
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const dot = base.lastIndexOf('.');
  const [stemPart, extPart] = dot > 0 ? [base.slice(0, dot), base.slice(dot + 1)] : [base, ''];
  const ext = plain(extPart)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10);
  const stem = plain(stemPart)
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, UPLOAD_NAME_MAX)
    .replace(/[-_]+$/, '');
  return `${stem || 'file'}-${stamp(at)}${ext ? `.${ext}` : ''}`;
}

/** A stored name without its extension (the name before it holds no dot): the storage key's last segment. */
export const uploadFileStem = (fileName: string): string => fileName.split('.')[0] ?? '';

/** A finished upload's name: its stem and the extension of the type its bytes showed, never the one it was sent with. */
export const typedFileName = (fileName: string, ext: string): string => `${uploadFileStem(fileName)}.${ext}`;

/** A MIME type without parameters, lower case: 'Video/MP4; codecs=x' → 'video/mp4'. */
export const bareType = (type: string): string => (type.split(';')[0] ?? '').trim().toLowerCase();

/** Whether a type is among the allowed ones (each 'type/subtype' or 'type/*'). */
export function typeAllowed(type: string, allowed: readonly string[]): boolean {
  const bare = bareType(type);
  if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(bare)) return false;
  return allowed.some((a) => (a.endsWith('/*') ? bare.startsWith(a.slice(0, -1)) : bare === a));
}

/** 1536 → '1.5 KB': sizes on the page and in messages. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0
    ? `${bytes} bytes`
    : `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
