/** The wall-clock parts of an instant in a zone. */
export interface ZoneParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  second: number;
}

/**
 * One formatter per zone, made at its first use, not when a module loads: making one loads the locale's and the
 * zone's data (a long task on a slow phone's first screen). Zone names come from profiles and headers, so the
 * cache stays bounded.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formats.size < 1_000) formats.set(timeZone, format);
  }
  return format;
}

/** An instant's wall-clock parts in a zone (Intl's reading; RangeError for an invalid time or zone). */
export function zoneParts(timeZone: string, instant: Date): ZoneParts {
  const out: Record<string, number> = {};
  for (const p of partsFormat(timeZone).formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as unknown as ZoneParts;
}

/** A zone's offset from UTC at an instant, in ms (negative: behind UTC). */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  const p = zoneParts(timeZone, new Date(ms));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}
