/**
 * Frames and timecodes of a video at its own frame rate (issue 35). A note's time names the frame on screen
 * at that moment: frame k covers [k / fps, (k + 1) / fps). Times are kept to the millisecond.
 */

/** A frame rate as an exact fraction: NTSC's 29.97 is 30000/1001. */
export interface Rate {
  num: number;
  den: number;
}

/** How a reviewer reads times: SMPTE timecode at the video's rate, frame numbers, or seconds. */
export const TIMECODE_MODES = ['smpte', 'frames', 'seconds'] as const;
export type TimecodeMode = (typeof TIMECODE_MODES)[number];

/** The rate frames are counted at for a video the media pipeline has not measured (a link elsewhere). */
export const UNMEASURED_RATE: Rate = { num: 30, den: 1 };

/** The longest moment a note may name: a day, as the annotation's time always allowed. */
export const NOTE_TIME_MAX = 86_400;

/** A time rounded to the millisecond, the precision notes keep. */
export const toMillis = (seconds: number) => Math.round(seconds * 1_000) / 1_000;

/** `30000/1001`, `25/1` or `25` as a rate; null for anything else (a link outside our storage has none). */
export function parseRate(rational: string | null | undefined): Rate | null {
  const match = /^(\d{1,6})(?:\/(\d{1,6}))?$/.exec(rational?.trim() ?? '');
  if (!match) return null;
  const num = Number(match[1]);
  const den = match[2] === undefined ? 1 : Number(match[2]);
  return num > 0 && den > 0 && num / den <= 1_000 ? { num, den } : null;
}

export const fpsOf = (rate: Rate) => rate.num / rate.den;

/**
 * The frame on screen at a time. Half a millisecond of slack: a frame's start rounded to the millisecond
 * (1.001 s at 29.97) still names that frame, not the one before.
 */
export const frameOfTime = (seconds: number, rate: Rate): number =>
  Math.max(0, Math.floor(((seconds + 0.000_5) * rate.num) / rate.den + 1e-9));

/** When a frame starts. */
export const timeOfFrame = (frame: number, rate: Rate): number => (frame * rate.den) / rate.num;

/** The middle of a frame, to the millisecond: where a seek lands so that the player shows exactly that frame. */
export const seekTimeOfFrame = (frame: number, rate: Rate): number => toMillis(((frame + 0.5) * rate.den) / rate.num);

/**
 * Where to seek to show the frame a moment names: the middle of that frame, so that no rendition's rounding
 * lands on its neighbour. Without a measured rate, the moment itself.
 */
export const seekTimeOfMoment = (moment: number, rate: Rate | null): number =>
  rate ? seekTimeOfFrame(frameOfTime(moment, rate), rate) : moment;

/** The last frame of a video `duration` seconds long (a 60.000 s video at 30 fps ends on frame 1799). */
export const lastFrameOf = (duration: number, rate: Rate): number =>
  Math.max(0, Math.ceil((duration * rate.num) / rate.den - 1e-6) - 1);

/**
 * A moment no later than the video's last frame: the middle of that frame with a measured rate, else the
 * measured duration. A rendition's element can run past the measured end (a proxy of a 60.000 s video reads
 * 60.010 s), and its clock would name a frame that doesn't exist.
 */
export const withinVideo = (seconds: number, duration: number, rate: Rate | null): number =>
  Math.min(seconds, rate ? seekTimeOfFrame(lastFrameOf(duration, rate), rate) : duration);

/** How far past a video's measured end a sent moment still names its last frame (and is moved there), not a refusal. */
export const VIDEO_END_SLACK_S = 0.05;

/** The frames a timecode counts a second: 30 at 29.97, 24 at 23.976. */
export const nominalFps = (rate: Rate) => Math.round(rate.num / rate.den);

/**
 * Drop-frame applies to 29.97 and 59.94 (SMPTE 12M): their timecode skips the first 2 (or 4) frame numbers
 * of every minute except each tenth, so that it keeps up with the clock. 23.976 has no drop-frame form.
 */
export function dropFrames(rate: Rate): number {
  const nominal = nominalFps(rate);
  return rate.den === 1_001 && (nominal === 30 || nominal === 60) ? nominal / 15 : 0;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A frame number as SMPTE timecode, `HH:MM:SS:FF`, or `HH:MM:SS;FF` when drop-frame. */
export function smpteOf(frame: number, rate: Rate): string {
  const nominal = nominalFps(rate);
  const drop = dropFrames(rate);
  let n = Math.max(0, Math.floor(frame));
  if (drop) {
    const perTenMinutes = nominal * 600 - drop * 9;
    const perMinute = nominal * 60 - drop;
    const tens = Math.floor(n / perTenMinutes);
    const rest = n % perTenMinutes;
    n += drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const ff = n % nominal;
  const seconds = Math.floor(n / nominal);
  const sep = drop ? ';' : ':';
  return `${two(Math.floor(seconds / 3_600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}${sep}${two(ff)}`;
}

/** Seconds as `M:SS.mmm` (or `H:MM:SS.mmm`), for a video whose frame rate nobody knows. */
export function clockOf(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1_000));
  const s = Math.floor(ms / 1_000);
  const frac = String(ms % 1_000).padStart(3, '0');
  const h = Math.floor(s / 3_600);
  const m = Math.floor(s / 60) % 60;
  return h ? `${h}:${two(m)}:${two(s % 60)}.${frac}` : `${m}:${two(s % 60)}.${frac}`;
}

/** A time as the reviewer chose to read it; without a known frame rate, timecode and frames fall back to the clock. */
export function formatTime(seconds: number, mode: TimecodeMode, rate: Rate | null): string {
  if (mode === 'seconds') return `${(Math.max(0, Math.round(seconds * 1_000)) / 1_000).toFixed(3)} s`;
  if (!rate) return clockOf(seconds);
  const frame = frameOfTime(seconds, rate);
  return mode === 'frames' ? `${frame} f` : smpteOf(frame, rate);
}

/** A range as `in – out`, or just the in-point. */
export function formatRange(timeIn: number, timeOut: number | null, mode: TimecodeMode, rate: Rate | null): string {
  const start = formatTime(timeIn, mode, rate);
  return timeOut === null ? start : `${start} – ${formatTime(timeOut, mode, rate)}`;
}
