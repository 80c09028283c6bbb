import { REPORT_CACHE_BYTES_MAX, REPORT_CACHE_ENTRIES_MAX } from '@cutroom/domain';

export interface DrawnReport {
  pdf: Buffer;
  filename: string;
}

/**
 * Drawn reports by the state they were drawn from (report-state.ts), the least recently asked for leaving first
 * once there are too many or too many bytes. A report being drawn is shared, so a burst of the same asks draws once.
 */
export function createReportCache(limits = { entries: REPORT_CACHE_ENTRIES_MAX, bytes: REPORT_CACHE_BYTES_MAX }) {
  const drawn = new Map<string, DrawnReport>();
  const drawing = new Map<string, Promise<DrawnReport>>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = drawn.get(key);
    if (!entry) return;
    drawn.delete(key);
    bytes -= entry.pdf.byteLength;
  };

  return {
    /** The report drawn for this state, or the drawing of it under way. */
    get(key: string): DrawnReport | Promise<DrawnReport> | undefined {
      const entry = drawn.get(key);
      if (entry) {
        // Asked for again: it moves to the newest end.
        drawn.delete(key);
        drawn.set(key, entry);
        return entry;
      }
      return drawing.get(key);
    },
    /** Draws the report once for everyone who asks meanwhile; `keep` says whether the result may be served again. */
    async draw(key: string, make: () => Promise<{ report: DrawnReport; keep: boolean }>): Promise<DrawnReport> {
      const made = make();
      const shared = made.then((m) => m.report);
      drawing.set(key, shared);
      // Those who share a failed drawing get its error; this caller does too, below.
      shared.catch(() => {});
      try {
        const { report, keep } = await made;
        if (keep && report.pdf.byteLength <= limits.bytes) {
          remove(key);
          drawn.set(key, report);
          bytes += report.pdf.byteLength;
          for (const oldest of drawn.keys()) {
            if (drawn.size <= limits.entries && bytes <= limits.bytes) break;
            remove(oldest);
          }
        }
        return report;
      } finally {
        if (drawing.get(key) === shared) drawing.delete(key);
      }
    },
    size: () => ({ entries: drawn.size, bytes }),
  };
}
export type ReportCache = ReturnType<typeof createReportCache>;
