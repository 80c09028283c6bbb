/**
 * Caption files (issue 53): SRT and WebVTT read into plain-text cues, written back out, checked for what the
 * team fixes before delivery, and searched. Pure: the server reads uploads with it, the browser shows cues.
 */
import { fill } from './messages.js';
import { SAFE_ZONES, frameFormat } from './safe-zones.js';
import { clockOf } from './timecode.js';

/** One caption cue; times in seconds, millisecond precision (round to 3 decimals). */
export interface Cue {
  start: number;
  end: number;
  /** Plain text, lines joined by \n: markup is stripped when a file is read. */
  text: string;
  /** WebVTT cue settings kept (vertical, line, position, size, align), space-separated; null for none and for SRT. */
  settings: string | null;
}

export type CaptionFormat = 'srt' | 'vtt';

/** Something wrong with a file: `line` is 1-based, 0 for the whole file. */
export interface CaptionProblem {
  line: number;
  message: string;
}

/** A file read: its cues, or every problem found (up to 20). */
export type ParsedCaptions =
  { ok: true; format: CaptionFormat; cues: Cue[] } | { ok: false; problems: CaptionProblem[] };

/** What a caption file may hold, and what caption QC holds a cue to. */
export const CAPTION_LIMITS = {
  fileBytes: 2_000_000,
  cues: 5_000,
  cueChars: 500,
  lines: 2,
  charsPerSecond: 20,
} as const;

export const CAPTION_TEXT = {
  notText: 'This file is not text: upload an SRT or WebVTT file.',
  tooBig: 'This file is too big: a caption file can be at most {size}.',
  tooManyCues: 'A caption file can hold at most {max} cues',
  unknownFormat: 'This is neither an SRT nor a WebVTT file.',
  noCues: 'This file has no captions in it.',
  badTiming: 'Line {line}: expected a time like {example}',
  timingExample: { srt: '00:00:01,000 --> 00:00:02,000', vtt: '00:00:01.000 --> 00:00:02.000' },
  reversed: 'Line {line}: the cue ends before it starts',
  overlaps: 'Line {line}: this cue starts before the previous one ends (at {time})',
  pastEnd: 'Line {line}: this cue runs past the end of the video ({time})',
  tooLong: 'Line {line}: a cue can hold at most {max} characters',
  tooFast: 'Cue {n}: {rate} characters a second (at most {max})',
  tooManyLines: 'Cue {n}: {lines} lines (at most {max})',
  pastSafeArea: 'Cue {n}: its longest line runs past the safe area at {frame}',
} as const;

/** Problems reported for one file: enough to fix a batch, not a wall of text. */
const PROBLEMS_MAX = 20;
/** How far past the video's end a cue may run: encoders and players measure a video's length differently. */
const END_SLACK_MS = 500;

const thousands = (n: number) => n.toLocaleString('en-US');
const refused = (message: string): ParsedCaptions => ({ ok: false, problems: [{ line: 0, message }] });

// ---- Reading the bytes ----

/** Whether a string is over `max` bytes as UTF-8, counted without encoding a copy and stopping once it is. */
function overUtf8Bytes(text: string, max: number): boolean {
  // A UTF-16 unit is never less than a byte.
  if (text.length > max) return true;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= max; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes > max;
}

/** The file as text, or null when it is not (a NUL byte, or bytes that are not UTF-8). */
function textOf(input: string | Uint8Array): string | null {
  if (typeof input === 'string') return input.includes('\0') ? null : input;
  if (input.includes(0)) return null;
  try {
    // The BOM is kept here and dropped below, the same way for strings and bytes.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(input);
  } catch {
    return null;
  }
}

/** Whether a file has more timing arrows than cues allowed: one scan, stopping early, before anything is parsed. */
function tooManyArrows(text: string): boolean {
  let count = 0;
  for (let at = text.indexOf('-->'); at !== -1; at = text.indexOf('-->', at + 3))
    if (++count > CAPTION_LIMITS.cues) return true;
  return false;
}

// ---- Blocks and timing lines ----

/** Lines between blank lines; `line` is the 1-based number of the first. */
interface Block {
  line: number;
  lines: string[];
}

function blocksOf(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  lines.forEach((text, i) => {
    if (text.trim() === '') current = null;
    else if (current) current.lines.push(text);
    else blocks.push((current = { line: i + 1, lines: [text] }));
  });
  return blocks;
}

const SRT_TIME = String.raw`(\d{1,2}):(\d{2}):(\d{2})[,.](\d{3})`;
const VTT_TIME = String.raw`(?:(\d{1,3}):)?(\d{2}):(\d{2})\.(\d{3})`;
const TIMING: Record<CaptionFormat, RegExp> = {
  // SRT writers put coordinates or nothing after the end time; it is ignored.
  srt: new RegExp(String.raw`^${SRT_TIME}[ \t]*-->[ \t]*${SRT_TIME}(?:[ \t].*)?$`),
  vtt: new RegExp(String.raw`^${VTT_TIME}[ \t]*-->[ \t]*${VTT_TIME}(?:[ \t]+(.*))?$`),
};
const VTT_HEADER = /^WEBVTT(?:[ \t]|$)/;
const VTT_SKIPPED = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;

/** Which line of a block holds its timing: the first, unless that is an index or identifier line. */
const timingIndex = (lines: readonly string[]) => (lines[0]?.includes('-->') || lines.length === 1 ? 0 : 1);

/** Milliseconds from a time's hours, minutes, seconds and milliseconds; null past :59. */
function millisOf(h: string | undefined, m: string | undefined, s: string | undefined, ms: string | undefined) {
  const [hours, minutes, seconds, millis] = [h, m, s, ms].map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  return minutes > 59 || seconds > 59 ? null : ((hours * 60 + minutes) * 60 + seconds) * 1_000 + millis;
}

interface Timing {
  startMs: number;
  endMs: number;
  settings: string | null;
}

function timingOf(line: string, format: CaptionFormat): Timing | null {
  const match = TIMING[format].exec(line.trim());
  if (!match) return null;
  const startMs = millisOf(match[1], match[2], match[3], match[4]);
  const endMs = millisOf(match[5], match[6], match[7], match[8]);
  if (startMs === null || endMs === null) return null;
  return { startMs, endMs, settings: format === 'vtt' ? cueSettings(match[9] ?? null) : null };
}

// ---- WebVTT cue settings ----

const PERCENT = String.raw`\d{1,3}(?:\.\d+)?%`;
const SETTINGS = new Map<string, RegExp>([
  ['vertical', /^(?:rl|lr)$/],
  ['line', new RegExp(String.raw`^(?:-?\d+(?:\.\d+)?|${PERCENT})(?:,(?:start|center|end))?$`)],
  ['position', new RegExp(`^${PERCENT}(?:,(?:line-left|center|line-right))?$`)],
  ['size', new RegExp(`^${PERCENT}$`)],
  ['align', /^(?:start|center|end|left|right)$/],
]);

const percentsInRange = (value: string) => [...value.matchAll(/([\d.]+)%/g)].every((m) => Number(m[1]) <= 100);

/**
 * The settings a player may be given: known names with well-formed values, space-separated, the last of a name
 * winning; anything else is dropped, never passed on (a region or a stray line break would reach the file).
 */
function cueSettings(raw: string | null): string | null {
  const kept = new Map<string, string>();
  for (const setting of (raw ?? '').split(/\s+/)) {
    const colon = setting.indexOf(':');
    const [name, value] = [setting.slice(0, colon), setting.slice(colon + 1)];
    if (colon > 0 && SETTINGS.get(name)?.test(value) && percentsInRange(value)) kept.set(name, value);
  }
  return kept.size ? [...kept].map(([name, value]) => `${name}:${value}`).join(' ') : null;
}

// ---- Cue text ----

const TAG = /<[^>\n]*>/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp|lrm|rlm));/g;
const NAMED_ENTITIES = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
} as const;

/** A numeric entity's character; U+FFFD for NUL, surrogates and numbers past Unicode. */
const codePointText = (code: number) =>
  code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';

const decodeEntities = (text: string) =>
  text.replace(ENTITY, (_entity, dec: string | undefined, hex: string | undefined, name: string | undefined) =>
    dec !== undefined
      ? codePointText(Number(dec))
      : hex !== undefined
        ? codePointText(parseInt(hex, 16))
        : NAMED_ENTITIES[name as keyof typeof NAMED_ENTITIES],
  );

/**
 * A cue's text as plain text: every tag removed (styling, voices, karaoke times, and anything a file smuggles in
 * such as `<script>`), entities decoded once, each line trimmed, empty lines dropped, lines joined by \n.
 */
export function cleanCueText(text: string): string {
  return decodeEntities(text.replace(/\r\n?/g, '\n').replace(TAG, ''))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

// ---- Parsing ----

interface Reading {
  format: CaptionFormat;
  /** The video's length in ms, when known. */
  durationMs: number | null;
  previousEndMs: number;
  cues: Cue[];
  problems: CaptionProblem[];
}

/** A readable clock for messages: 0:04.500, 12:03.250, 1:02:03.456. */
export const formatCueClock = (seconds: number): string => clockOf(seconds);

/** The problems of one cue with its times and text read; `line` is its timing line. */
function cueProblems(reading: Reading, line: number, timing: Timing, text: string): string[] {
  const { startMs, endMs } = timing;
  const found: string[] = [];
  const at = String(line);
  if (endMs <= startMs) found.push(fill(CAPTION_TEXT.reversed, { line: at }));
  if (startMs < reading.previousEndMs)
    found.push(fill(CAPTION_TEXT.overlaps, { line: at, time: clockOf(reading.previousEndMs / 1_000) }));
  if (reading.durationMs !== null && endMs > reading.durationMs + END_SLACK_MS)
    found.push(fill(CAPTION_TEXT.pastEnd, { line: at, time: clockOf(reading.durationMs / 1_000) }));
  if (text.length > CAPTION_LIMITS.cueChars)
    found.push(fill(CAPTION_TEXT.tooLong, { line: at, max: String(CAPTION_LIMITS.cueChars) }));
  return found;
}

function readBlock(reading: Reading, block: Block): void {
  const index = timingIndex(block.lines);
  const line = block.line + index;
  const timing = timingOf(block.lines[index] ?? '', reading.format);
  if (!timing) {
    const example = CAPTION_TEXT.timingExample[reading.format];
    reading.problems.push({ line, message: fill(CAPTION_TEXT.badTiming, { line: String(line), example }) });
    return;
  }
  const text = cleanCueText(block.lines.slice(index + 1).join('\n'));
  // A cue with nothing to show is left out, as players do, rather than refused.
  if (!text) return;
  for (const message of cueProblems(reading, line, timing, text)) reading.problems.push({ line, message });
  if (timing.endMs > timing.startMs) reading.previousEndMs = timing.endMs;
  reading.cues.push({ start: timing.startMs / 1_000, end: timing.endMs / 1_000, text, settings: timing.settings });
}

/** The format of a file's blocks and the blocks that may hold cues, or null for neither format. */
function cueBlocksOf(blocks: readonly Block[]): { format: CaptionFormat; blocks: Block[] } | null {
  const [first, ...rest] = blocks;
  if (!first) return null;
  if (VTT_HEADER.test(first.lines[0] ?? '')) {
    // A cue straight under the header, without the blank line, is still read.
    const arrow = first.lines.findIndex((text) => text.includes('-->'));
    const underHeader = arrow > 0 ? [{ line: first.line + arrow, lines: first.lines.slice(arrow) }] : [];
    return { format: 'vtt', blocks: [...underHeader, ...rest].filter((b) => !VTT_SKIPPED.test(b.lines[0] ?? '')) };
  }
  const looksSrt = TIMING.srt.test((first.lines[timingIndex(first.lines)] ?? '').trim());
  return looksSrt ? { format: 'srt', blocks: [...blocks] } : null;
}

/** A video's length in ms; null when unknown (a length of 0 is a probe that failed, not a video). */
const validDuration = (duration: number | null | undefined): number | null =>
  typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1_000) : null;

/**
 * Reads an SRT or WebVTT file (bytes must be UTF-8). Refuses at once, on line 0, a file that is too big, not
 * text, or has too many cues; otherwise collects up to 20 problems with their lines. With `duration` (seconds),
 * cues may not run more than half a second past the video's end.
 */
export function parseCaptions(input: string | Uint8Array, options?: { duration?: number | null }): ParsedCaptions {
  const tooBig =
    typeof input === 'string'
      ? overUtf8Bytes(input, CAPTION_LIMITS.fileBytes)
      : input.byteLength > CAPTION_LIMITS.fileBytes;
  if (tooBig) return refused(fill(CAPTION_TEXT.tooBig, { size: `${CAPTION_LIMITS.fileBytes / 1_000_000} MB` }));
  const raw = textOf(input);
  if (raw === null) return refused(CAPTION_TEXT.notText);
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (tooManyArrows(text)) return refused(fill(CAPTION_TEXT.tooManyCues, { max: thousands(CAPTION_LIMITS.cues) }));
  const blocks = blocksOf(text.split('\n'));
  if (blocks.length === 0) return refused(CAPTION_TEXT.noCues);
  const found = cueBlocksOf(blocks);
  if (!found) return refused(CAPTION_TEXT.unknownFormat);
  const reading: Reading = {
    format: found.format,
    durationMs: validDuration(options?.duration),
    previousEndMs: 0,
    cues: [],
    problems: [],
  };
  for (const block of found.blocks) {
    if (reading.problems.length >= PROBLEMS_MAX) break;
    readBlock(reading, block);
  }
  if (reading.problems.length) return { ok: false, problems: reading.problems.slice(0, PROBLEMS_MAX) };
  if (reading.cues.length === 0) return refused(CAPTION_TEXT.noCues);
  return { ok: true, format: found.format, cues: reading.cues };
}

// ---- Writing ----

const two = (n: number) => String(n).padStart(2, '0');

/** A cue time as a file writes it: 01:02:03,456 (SRT) or 01:02:03.456 (WebVTT). */
export function formatCueTime(seconds: number, format: CaptionFormat): string {
  const ms = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * 1_000)) : 0;
  const s = Math.floor(ms / 1_000);
  const millis = String(ms % 1_000).padStart(3, '0');
  return `${two(Math.floor(s / 3_600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}${format === 'srt' ? ',' : '.'}${millis}`;
}

const timingLine = (cue: Cue, format: CaptionFormat) =>
  `${formatCueTime(cue.start, format)} --> ${formatCueTime(cue.end, format)}`;

/** A cue's lines without blank ones: a blank line would end the cue's block in either format. */
const textLines = (text: string) => text.split(/\r\n?|\n/).filter((line) => line.trim() !== '');

const escapeVtt = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Blocks as a file: each block ends with a newline and is followed by a blank line, except the last. */
const joinBlocks = (blocks: readonly string[]) => blocks.map((block) => `${block}\n`).join('\n');

/** Cues as a WebVTT file: `WEBVTT`, then each cue's timing (and settings) and escaped text; ends in one newline. */
export function toVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue) => {
    const settings = cueSettings(cue.settings);
    const timing = settings ? `${timingLine(cue, 'vtt')} ${settings}` : timingLine(cue, 'vtt');
    return [timing, ...textLines(cue.text).map(escapeVtt)].join('\n');
  });
  return joinBlocks(['WEBVTT', ...blocks]);
}

/** Cues as an SRT file, numbered from 1, text as it is; ends in one newline (an empty string for no cues). */
export function toSrt(cues: readonly Cue[]): string {
  return joinBlocks(cues.map((cue, i) => [String(i + 1), timingLine(cue, 'srt'), ...textLines(cue.text)].join('\n')));
}

// ---- Caption QC ----

export type CaptionQcKind = 'too_fast' | 'too_many_lines' | 'past_safe_area';
/** A cue caption QC flags; `n` is its 1-based number. */
export interface CaptionQcFinding {
  n: number;
  kind: CaptionQcKind;
  message: string;
}

/** The widest left + right any 9:16 platform covers: a caption there has to fit between all of them. */
const VERTICAL_SIDES = Math.max(
  ...Object.values(SAFE_ZONES)
    .filter((zone) => (zone.aspects as readonly string[]).includes('9:16'))
    .map((zone) => zone.margins.left + zone.margins.right),
);
/** Broadcast title-safe: text kept 10% in from each side. */
const TITLE_SAFE_SIDES = 0.2;
const GLYPH_WIDTH = 0.5;

/**
 * How many characters fit on a caption line of this frame. The font is 5% of the frame's height; a portrait
 * frame's captions are sized to its width instead (7.5%), as 5% of a tall frame's height would crowd its width.
 */
function charsPerLine(frame: { width: number; height: number }): number {
  const fontHeight = frame.height > frame.width ? frame.width * 0.075 : frame.height * 0.05;
  const sides = frameFormat(frame.width / frame.height) === '9:16' ? VERTICAL_SIDES : TITLE_SAFE_SIDES;
  return (frame.width * (1 - sides)) / (fontHeight * GLYPH_WIDTH);
}

const charCount = (text: string) => [...text].length;

/** Characters a second, to one decimal: what the message shows is what is compared. */
function readingRate(cue: Cue): number | null {
  const seconds = cue.end - cue.start;
  return seconds > 0 ? Math.round((charCount(cue.text.replace(/\n/g, '')) / seconds) * 10) / 10 : null;
}

/**
 * Caption QC for the team: cues read faster than 20 characters a second, cues of more than 2 lines, and lines
 * wider than the frame's safe area (a 9:16 frame's platforms' overlays, else broadcast title-safe).
 */
export function captionQc(cues: readonly Cue[], frame: { width: number; height: number }): CaptionQcFinding[] {
  const fits = frame.width > 0 && frame.height > 0 ? charsPerLine(frame) : Infinity;
  const frameName = frameFormat(frame.width / frame.height) ?? `${frame.width}×${frame.height}`;
  return cues.flatMap((cue, i): CaptionQcFinding[] => {
    const n = i + 1;
    const lines = cue.text.split('\n');
    const rate = readingRate(cue);
    const findings: CaptionQcFinding[] = [];
    if (rate !== null && rate > CAPTION_LIMITS.charsPerSecond) {
      const values = { n: String(n), rate: String(rate), max: String(CAPTION_LIMITS.charsPerSecond) };
      findings.push({ n, kind: 'too_fast', message: fill(CAPTION_TEXT.tooFast, values) });
    }
    if (lines.length > CAPTION_LIMITS.lines) {
      const values = { n: String(n), lines: String(lines.length), max: String(CAPTION_LIMITS.lines) };
      findings.push({ n, kind: 'too_many_lines', message: fill(CAPTION_TEXT.tooManyLines, values) });
    }
    if (Math.max(...lines.map(charCount)) > fits)
      findings.push({
        n,
        kind: 'past_safe_area',
        message: fill(CAPTION_TEXT.pastSafeArea, { n: String(n), frame: frameName }),
      });
    return findings;
  });
}

// ---- Search ----

/** Text as search compares it: accents dropped, lower case, any run of spaces or line breaks as one space. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/** Whether a cue's text holds the query, ignoring case and accents ("cafe" finds "Café"); never for a blank query. */
export function cueMatches(text: string, query: string): boolean {
  const wanted = folded(query).trim();
  return wanted !== '' && folded(text).includes(wanted);
}
