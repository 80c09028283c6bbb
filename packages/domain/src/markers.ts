/**
 * Notes out to the editing software (issue 19): a card's timed notes as markers that DaVinci Resolve
 * (EDL), Final Cut Pro (FCPXML 1.10) and Premiere Pro (XML, or its CSV marker list) import.
 */
export const MARKER_FORMATS = {
  edl: {
    label: 'EDL markers (DaVinci Resolve)',
    ext: 'edl',
    mime: 'text/plain; charset=utf-8',
    howTo: 'In Resolve, right-click the timeline in the Media Pool: Timelines ▸ Import ▸ Timeline Markers from EDL.',
  },
  fcpxml: {
    label: 'FCPXML 1.10 (Final Cut Pro)',
    ext: 'fcpxml',
    mime: 'application/xml; charset=utf-8',
    howTo:
      'In Final Cut Pro: File ▸ Import ▸ XML. The notes arrive as to-do markers on a gap clip; done notes are ticked.',
  },
  premiere: {
    label: 'XML (Premiere Pro)',
    ext: 'xml',
    mime: 'application/xml; charset=utf-8',
    howTo: 'In Premiere Pro: File ▸ Import. A sequence with the notes as sequence markers opens in the project.',
  },
  csv: {
    label: 'CSV marker list',
    ext: 'csv',
    mime: 'text/csv; charset=utf-8',
    howTo: "Premiere Pro's marker list columns, for a spreadsheet or a marker-import panel.",
  },
} as const;
export type MarkerFormat = keyof typeof MARKER_FORMATS;
export const MARKER_FORMAT_KEYS = Object.keys(MARKER_FORMATS) as [MarkerFormat, ...MarkerFormat[]];

/**
 * Frame rates as exact fractions (NTSC rates are n × 1000/1001). Timecode is non-drop frame: it counts
 * `timebase` frames a second, so at 29.97 it runs 0.1% behind the clock, as editors' NDF timelines do.
 */
export const MARKER_FRAME_RATES = {
  '23.976': { num: 24_000, den: 1_001, timebase: 24, ntsc: true },
  '24': { num: 24, den: 1, timebase: 24, ntsc: false },
  '25': { num: 25, den: 1, timebase: 25, ntsc: false },
  '29.97': { num: 30_000, den: 1_001, timebase: 30, ntsc: true },
  '30': { num: 30, den: 1, timebase: 30, ntsc: false },
  '50': { num: 50, den: 1, timebase: 50, ntsc: false },
  '59.94': { num: 60_000, den: 1_001, timebase: 60, ntsc: true },
  '60': { num: 60, den: 1, timebase: 60, ntsc: false },
} as const;
export type MarkerFrameRate = keyof typeof MARKER_FRAME_RATES;
/** A rate as the editing software's files write it: the exact fraction, the frames a timecode second counts, and NTSC's flag. */
export interface FrameRate {
  num: number;
  den: number;
  timebase: number;
  ntsc: boolean;
}
export const MARKER_FRAME_RATE_KEYS = Object.keys(MARKER_FRAME_RATES) as [MarkerFrameRate, ...MarkerFrameRate[]];
/** Most of what the agency delivers for YouTube is 30 fps. */
export const DEFAULT_MARKER_FRAME_RATE: MarkerFrameRate = '30';

/** Where the timeline's timecode starts: Resolve's and Premiere's new timelines start at 01:00:00:00. */
export const MARKER_TIMELINE_STARTS = { '01:00:00:00': 1, '00:00:00:00': 0 } as const;
export type MarkerTimelineStart = keyof typeof MARKER_TIMELINE_STARTS;
export const MARKER_TIMELINE_START_KEYS = Object.keys(MARKER_TIMELINE_STARTS) as [
  MarkerTimelineStart,
  ...MarkerTimelineStart[],
];

/** The offered rate a video's own rate is (30000/1001 is '29.97'), or null for a rate the menu does not offer. */
export function markerRateKeyOf(rate: { num: number; den: number }): MarkerFrameRate | null {
  const key = MARKER_FRAME_RATE_KEYS.find(
    (k) => MARKER_FRAME_RATES[k].num * rate.den === rate.num * MARKER_FRAME_RATES[k].den,
  );
  return key ?? null;
}

/** Any rate as the files write it: timecode counts its nearest whole number of frames a second. */
export function frameRateOf(rate: { num: number; den: number }): FrameRate {
  const key = markerRateKeyOf(rate);
  if (key) return MARKER_FRAME_RATES[key];
  return {
    num: rate.num,
    den: rate.den,
    timebase: Math.max(1, Math.round(rate.num / rate.den)),
    ntsc: rate.den === 1_001,
  };
}

/** The first frame of a timeline starting at a whole hour of timecode. */
export const hourFrames = (hours: number, rate: FrameRate): number => hours * 3_600 * rate.timebase;

/** A frame count as non-drop-frame timecode HH:MM:SS:FF. */
export function timecodeOf(frame: number, rate: FrameRate): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const fps = rate.timebase;
  const ff = frame % fps;
  const totalSeconds = Math.floor(frame / fps);
  return `${two(Math.floor(totalSeconds / 3_600))}:${two(Math.floor(totalSeconds / 60) % 60)}:${two(totalSeconds % 60)}:${two(ff)}`;
}
