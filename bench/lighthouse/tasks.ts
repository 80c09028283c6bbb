/**
 * The main-thread tasks of a trace Lighthouse computed its figures from (LIGHTHOUSE_TRACE_DIR): every task of
 * 10 ms or more after the first paint, as measured at full speed, with what it spent its time on, and the
 * blocking time each would add once Lighthouse's simulation scales it ×4 and ×8 (its graph drops a task under
 * 10 ms, so those add nothing at either). Asserts nothing.
 *   npx tsx bench/lighthouse/tasks.ts <trace.json> [...]
 */
import fs from 'node:fs';
import path from 'node:path';
import { mainThread, navigationStart, type TraceEvent } from '../main-thread/trace.js';

/** Lighthouse's graph keeps tasks from this long (PageDependencyGraph's SIGNIFICANT_DUR_THRESHOLD_MS). */
const KEPT_MS = 10;
const blocking = (ms: number, times: number) => Math.max(0, ms * times - 50);

/** The steps worth naming inside a task. */
const STEPS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compileModule',
  'v8.compile',
  'v8.produceModuleCache',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MinorGC',
  'MajorGC',
  'ScriptCatchup',
  'HitTest',
]);

interface Event extends TraceEvent {
  args?: TraceEvent['args'] & { data?: { url?: string; functionName?: string; stackTrace?: { url: string }[] } };
}

/** A child event's label: what ran, and for script which file (its name without the hash). */
function labelOf(e: Event): string {
  const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url;
  const file = url ? ` ${path.basename(url.split('?')[0]!).replace(/-[\w-]{6,10}\.js$/, '.js') || url}` : '';
  const fn = e.args?.data?.functionName ? ` ${e.args.data.functionName}` : '';
  return `${e.name}${file}${fn}`;
}

function tasksOf(file: string) {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: Event[] } | Event[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const nav = navigationStart(events);
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').at(-1)!.ts;
  const onMain = mainThread(events);
  const main = events.filter((e) => onMain(e) && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ts >= fcp && e.dur! >= KEPT_MS * 1000);
  return {
    fcp: (fcp - nav) / 1000,
    tasks: tasks.map((task) => {
      const end = task.ts + task.dur!;
      // What ran in it: the named steps inside, by inclusive time (nested steps count in each).
      const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && STEPS.has(e.name));
      const parts = new Map<string, number>();
      for (const c of inside) parts.set(labelOf(c), (parts.get(labelOf(c)) ?? 0) + c.dur! / 1000);
      return { at: (task.ts - nav) / 1000, ms: task.dur! / 1000, parts };
    }),
  };
}

for (const file of process.argv.slice(2)) {
  const { fcp, tasks } = tasksOf(file);
  const sum = (times: number) => Math.round(tasks.reduce((s, t) => s + blocking(t.ms, times), 0));
  console.log(`\n${path.basename(file)}: FCP ${Math.round(fcp)} ms, ${tasks.length} tasks ≥ ${KEPT_MS} ms after it;`);
  console.log(
    `  blocking if scaled ×4: ${sum(4)} ms, ×8: ${sum(8)} ms (Lighthouse's own figure also moves them in time)`,
  );
  for (const t of tasks) {
    const parts = [...t.parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ');
    console.log(
      `  ${Math.round(t.at)} ms: ${t.ms.toFixed(1)} ms (×8 blocks ${Math.round(blocking(t.ms, 8))}) — ${parts}`,
    );
  }
}
