import type { CSSProperties } from 'react';

/** What the player needs of a cue: its span, its text and its WebVTT settings. */
export interface TimedCue {
  n: number;
  start: number;
  end: number;
  text: string;
  settings: string | null;
}

/** The cues showing at `time`: from their start up to, not at, their end (the next cue may start there). */
export const cuesAt = <C extends { start: number; end: number }>(cues: readonly C[], time: number): C[] =>
  cues.filter((c) => c.start <= time && time < c.end);

type Align = 'start' | 'center' | 'end';

interface CueSettings {
  line?: { value: number; percent: boolean; align?: Align };
  position?: { value: number; align?: 'line-left' | 'center' | 'line-right' };
  size?: number;
  align?: Align | 'left' | 'right';
}

const LINE = /^(-?\d+(?:\.\d+)?)(%?)(?:,(start|center|end))?$/;
const POSITION = /^(\d+(?:\.\d+)?)%(?:,(line-left|center|line-right))?$/;
const PERCENT = /^(\d+(?:\.\d+)?)%$/;
const ALIGNS = ['start', 'center', 'end', 'left', 'right'] as const;

/** Reads the WebVTT settings we honour (line, position, size, align); anything else is left out. */
export function parseCueSettings(settings: string | null): CueSettings {
  const parsed: CueSettings = {};
  for (const token of (settings ?? '').split(/\s+/)) {
    const [name, value = ''] = token.split(':');
    if (name === 'line') {
      const m = LINE.exec(value);
      if (m) parsed.line = { value: Number(m[1]), percent: m[2] === '%', align: m[3] as Align | undefined };
    } else if (name === 'position') {
      const m = POSITION.exec(value);
      if (m) parsed.position = { value: Number(m[1]), align: m[2] as NonNullable<CueSettings['position']>['align'] };
    } else if (name === 'size') {
      const m = PERCENT.exec(value);
      if (m) parsed.size = Number(m[1]);
    } else if (name === 'align' && (ALIGNS as readonly string[]).includes(value)) {
      parsed.align = value as CueSettings['align'];
    }
  }
  return parsed;
}

const textAlignOf = (align: CueSettings['align']) =>
  align === 'start' || align === 'left' ? 'left' : align === 'end' || align === 'right' ? 'right' : 'center';

/** How a cue's lines align in its box (WebVTT's start and end read left and right: no right-to-left here). */
export const cueTextAlign = (settings: string | null) => textAlignOf(parseCueSettings(settings).align);

/** A line of text is about this share of the frame's height (the WebVTT rendering rules' 5vh font and its leading). */
const LINE_PCT = 5.33;
const clampPct = (v: number) => Math.min(100, Math.max(0, v));
const SHIFT = { start: '0%', center: '-50%', end: '-100%' } as const;

/** Whether a cue keeps the default place (bottom centre) or asks for one of its own. */
export const placesItself = (settings: string | null) => {
  const s = parseCueSettings(settings);
  return s.line !== undefined || s.position !== undefined;
};

/**
 * Where a cue's box goes in the frame, as percentages of it, so it scales with the frame: an approximation of
 * WebVTT's layout (line, position, size, align), kept inside the frame.
 */
export function cueBoxStyle(settings: string | null): CSSProperties {
  const s = parseCueSettings(settings);
  const textAlign = textAlignOf(s.align);
  const style: CSSProperties = { textAlign };
  let shiftX = '0%';
  let shiftY = '0%';

  if (s.position) {
    const anchor =
      s.position.align ?? (textAlign === 'left' ? 'line-left' : textAlign === 'right' ? 'line-right' : 'center');
    const p = clampPct(s.position.value);
    style.left = `${p}%`;
    shiftX = anchor === 'line-left' ? '0%' : anchor === 'line-right' ? '-100%' : '-50%';
    // A box anchored at the very edge still gets some room, running off the frame a little rather than to nothing.
    const room = Math.max(
      30,
      anchor === 'line-left' ? 100 - p : anchor === 'line-right' ? p : 2 * Math.min(p, 100 - p),
    );
    style.width = s.size !== undefined ? `${Math.min(s.size, room)}%` : 'max-content';
    style.maxWidth = `${room}%`;
  } else {
    const width = Math.min(s.size ?? 90, 100);
    style.width = `${width}%`;
    style.left = `${textAlign === 'left' ? 0 : textAlign === 'right' ? 100 - width : (100 - width) / 2}%`;
  }

  if (!s.line) style.bottom = '5%';
  else if (s.line.percent) {
    const p = clampPct(s.line.value);
    style.top = `${p}%`;
    // Without an alignment the box slides from hanging at the top to resting on the bottom, so it stays in the frame.
    shiftY = s.line.align ? SHIFT[s.line.align] : `-${p}%`;
  } else if (s.line.value >= 0) style.top = `${Math.min(s.line.value * LINE_PCT, 90)}%`;
  else style.bottom = `${Math.min((-s.line.value - 1) * LINE_PCT, 90)}%`;

  if (shiftX !== '0%' || shiftY !== '0%') style.transform = `translate(${shiftX}, ${shiftY})`;
  return style;
}
