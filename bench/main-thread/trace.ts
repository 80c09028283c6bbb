/** Reading a Chromium trace of one page load: when the page started, and which thread is its main thread. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { frame?: string; data?: { documentLoaderURL?: string } };
}

/**
 * When the measured page started: the navigation of the frame that painted first (its FCP names the
 * frame), the last one before that paint. A navigation of another frame (an about:blank one a second
 * later, say) would make every figure of the load read too low, FCP below zero.
 */
export function navigationStart(events: TraceEvent[]): number {
  const paint = events.filter((e) => e.name === 'firstContentfulPaint').at(-1);
  if (!paint) throw new Error(`no firstContentfulPaint among ${events.length} trace events`);
  const before = events.filter((e) => e.name === 'navigationStart' && e.ts <= paint.ts);
  const own = before.filter((e) => paint.args?.frame !== undefined && e.args?.frame === paint.args.frame);
  const http = before.filter((e) => e.args?.data?.documentLoaderURL?.startsWith('http'));
  // Lighthouse's traces also hold its about:blank navigations of the same frame, after the page's own.
  const ownHttp = own.filter((e) => e.args?.data?.documentLoaderURL?.startsWith('http'));
  const start = (ownHttp.at(-1) ?? own.at(-1) ?? http.at(-1) ?? before.at(-1))?.ts;
  if (start === undefined) throw new Error('no navigationStart before the first contentful paint');
  return start;
}

/** The renderer's main thread is the busiest thread that runs script. */
export function mainThread(events: TraceEvent[]): (e: TraceEvent) => boolean {
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const scripted = new Set(events.filter((e) => e.name === 'FunctionCall').map(thread));
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X') busy.set(thread(e), (busy.get(thread(e)) ?? 0) + e.dur!);
  const main = [...busy].filter(([key]) => scripted.has(key)).sort((a, b) => b[1] - a[1])[0]![0];
  return (e) => thread(e) === main;
}
