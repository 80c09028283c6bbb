import type { FileKind } from '@cutroom/domain';

export interface FileFormat {
  /** The stored key's extension; serving reads the type back from it. */
  ext: string;
  /** Content-Type the file is served with. */
  mime: string;
  kind: FileKind;
  /** Browsers play or show it in the page; everything else is served as an attachment. */
  inline: boolean;
}

const format = (ext: string, mime: string, kind: FileKind, inline = true): FileFormat => ({ ext, mime, kind, inline });

/** Every type the portal stores. Nothing here can run script in a browser (no HTML, SVG, XML, PDF). */
export const FILE_FORMATS = {
  mp3: format('mp3', 'audio/mpeg', 'audio'),
  aac: format('aac', 'audio/aac', 'audio'),
  m4a: format('m4a', 'audio/mp4', 'audio'),
  weba: format('weba', 'audio/webm', 'audio'),
  ogg: format('ogg', 'audio/ogg', 'audio'),
  wav: format('wav', 'audio/wav', 'audio'),
  flac: format('flac', 'audio/flac', 'audio'),
  mp4: format('mp4', 'video/mp4', 'video'),
  mov: format('mov', 'video/quicktime', 'video'),
  webm: format('webm', 'video/webm', 'video'),
  mkv: format('mkv', 'video/x-matroska', 'video', false),
  avi: format('avi', 'video/x-msvideo', 'video', false),
  mxf: format('mxf', 'application/mxf', 'video', false),
  ts: format('ts', 'video/mp2t', 'video', false),
  png: format('png', 'image/png', 'image'),
  jpg: format('jpg', 'image/jpeg', 'image'),
  gif: format('gif', 'image/gif', 'image'),
  webp: format('webp', 'image/webp', 'image'),
  srt: format('srt', 'application/x-subrip; charset=utf-8', 'subtitles', false),
  vtt: format('vtt', 'text/vtt; charset=utf-8', 'subtitles', false),
} as const satisfies Record<string, FileFormat>;
type FormatName = keyof typeof FILE_FORMATS;

const VIDEO_MIMES = new Set<string>(Object.values(FILE_FORMATS).flatMap((f) => (f.kind === 'video' ? [f.mime] : [])));

/** A stored type the media pipeline takes: every video format we tell apart (MXF's is application/mxf). */
export const isVideoMime = (mime: string | null | undefined) => Boolean(mime && VIDEO_MIMES.has(mime));

/** Enough of a file's start to tell its type, and to check a subtitle file's first cue. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** MPEG audio frame header: sync bits, then no reserved version, layer, bitrate or sample rate. */
function mpegFrame(b: Buffer): 'mp3' | 'aac' | null {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return null;
  const layer = (b[1]! >> 1) & 3;
  if (layer === 0) return (b[1]! & 0x16) === 0x10 ? 'aac' : null; // ADTS: MPEG-4/2, layer bits 00
  const version = (b[1]! >> 3) & 3;
  const bitrate = b[2]! >> 4;
  const rate = (b[2]! >> 2) & 3;
  return version !== 1 && bitrate !== 15 && rate !== 3 ? 'mp3' : null;
}

const SRT_TIMING = /^\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->[ \t]*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;

/** SubRip or WebVTT: UTF-8 text without NULs whose start is a WEBVTT header or a numbered first cue. */
function subtitles(head: Buffer): 'srt' | 'vtt' | null {
  if (head.includes(0)) return null;
  let text: string;
  try {
    // stream: a character cut at the end of the sniffed window is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
  text = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(text)) return 'vtt';
  const lines = text.replace(/\r\n?/g, '\n').trimStart().split('\n');
  return /^\d+[ \t]*$/.test(lines[0] ?? '') && SRT_TIMING.test(lines[1] ?? '') ? 'srt' : null;
}

/** SMPTE 377's universal label of a header partition pack; a run-in of up to 64 KiB may come before it. */
const MXF_HEADER = Buffer.from([0x06, 0x0e, 0x2b, 0x34, 0x02, 0x05, 0x01, 0x01, 0x0d, 0x01, 0x02, 0x01, 0x01, 0x02]);

/**
 * An MPEG transport stream: its sync byte at the start of five packets in a row, 188 bytes apart, or 192
 * with the 4-byte timestamp AVCHD's .m2ts puts first.
 */
export function isTransportStream(b: Buffer): boolean {
  return [
    [0, 188],
    [4, 192],
  ].some(([first, size]) => [0, 1, 2, 3, 4].every((i) => b[first! + i * size!] === 0x47));
}

/** The formats a file's bytes may be, most likely first (a WebM or MP4 container holds audio or video). */
export function sniffFormats(head: Buffer): FormatName[] {
  const b = head;
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return ['png'];
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return ['jpg'];
  if (/^GIF8[79]a$/.test(ascii(b, 0, 6))) return ['gif'];
  if (ascii(b, 0, 4) === 'RIFF' && b.length >= 12) {
    const form = ascii(b, 8, 12);
    if (form === 'WEBP') return ['webp'];
    if (form === 'WAVE') return ['wav'];
    if (form === 'AVI ') return ['avi'];
    return [];
  }
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) {
    const header = ascii(b, 4, 64);
    if (header.includes('webm')) return ['webm', 'weba'];
    if (header.includes('matroska')) return ['mkv'];
    return [];
  }
  if (ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return ['m4a'];
    if (brand === 'qt  ') return ['mov'];
    return ['mp4', 'm4a'];
  }
  if (ascii(b, 0, 4) === 'OggS') return ['ogg'];
  const mxf = b.indexOf(MXF_HEADER);
  if (mxf >= 0 && mxf < 65_536) return ['mxf'];
  if (isTransportStream(b)) return ['ts'];
  if (ascii(b, 0, 4) === 'fLaC') return ['flac'];
  if (ascii(b, 0, 3) === 'ID3') return ['mp3'];
  const frame = mpegFrame(b);
  if (frame) return [frame];
  const text = subtitles(b);
  return text ? [text] : [];
}

/** The format of a file's start among the kinds a purpose accepts, or null to refuse it. */
export function detectFormat(head: Buffer, kinds: readonly FileKind[]): FileFormat | null {
  const name = sniffFormats(head).find((n) => kinds.includes(FILE_FORMATS[n].kind));
  return name ? FILE_FORMATS[name] : null;
}

const BY_EXT = new Map<string, FileFormat>(Object.values(FILE_FORMATS).map((f) => [f.ext, f]));

/** How a stored key is served; keys stored before types were checked fall back to a download. */
export function formatOfKey(key: string): FileFormat | undefined {
  const dot = key.lastIndexOf('.');
  return dot === -1 ? undefined : BY_EXT.get(key.slice(dot + 1).toLowerCase());
}
