/**
 * The main-thread tasks of a trace Lighthouse computed its figures from (LIGHTHOUSE_TRACE_DIR): every task of
 * 10 ms or more after the first paint, as measured at full speed, with what it spent its time on, and the
 * blocking time each would add once Lighthouse's simulation scales it ×4 and ×8 (its graph drops a task under
 * 10 ms, so those add nothing at either). Asserts nothing.
 * A trace taken with LIGHTHOUSE_PROFILE=1 also names the functions V8's profiler sampled in each task.
 *   npx tsx bench/lighthouse/tasks.ts <trace.json> [...]
 */
import fs from 'node:fs';
import path from 'node:path';
import { mainThread, navigationStart, type TraceEvent } from '../main-thread/trace.js';

/** Lighthouse's graph keeps tasks from this long (PageDependencyGraph's SIGNIFICANT_DUR_THRESHOLD_MS). */
const KEPT_MS = 10;
const blocking = (ms: number, times: number) => Math.max(0, ms * times - 50);

/** What a task mostly did, from its largest step: how the blocking time is summed per kind. */
function kindOf(parts: Map<string, number>): string {
  const [top] = [...parts].sort((a, b) => b[1] - a[1])[0] ?? ['nothing traced'];
  if ([...parts.keys()].some((name) => name.includes('_lighthouse-eval'))) return "Lighthouse's own script";
  if (/^(ScriptCatchup|v8\.compile)/.test(top)) return 'compiling scripts';
  if (/^(v8\.evaluateModule|EvaluateScript)/.test(top)) return 'running modules';
  if (/^(FunctionCall|RunMicrotasks|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch)/.test(top))
    return 'running the app (React, the router, the query cache)';
  if (/^(UpdateLayoutTree|Layout|Paint|ParseAuthorStyleSheet|HitTest)/.test(top)) return 'style, layout and paint';
  if (/^(ParseHTML)/.test(top)) return 'parsing the page';
  if (/GC$/.test(top)) return 'garbage collection';
  return 'nothing traced (the browser)';
}

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
  id?: string;
  args?: TraceEvent['args'] & { data?: { url?: string; functionName?: string; stackTrace?: { url: string }[] } };
}

/** A child event's label: what ran, and for script which file (its name without the hash). */
function labelOf(e: Event): string {
  const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url;
  const file = url ? ` ${path.basename(url.split('?')[0]!).replace(/-[\w-]{6,10}\.js$/, '.js') || url}` : '';
  const fn = e.args?.data?.functionName ? ` ${e.args.data.functionName}` : '';
  return `${e.name}${file}${fn}`;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}

function frameLabel(frame: ProfileNode['callFrame'] | undefined): string {
  const file = frame?.url ? path.basename(frame.url).replace(/-[\w-]{6,10}\.js$/, '.js') : '';
  return `${frame?.functionName || '(anonymous)'}${file ? ` ${file}:${frame?.lineNumber ?? 0}` : ''}`;
}

/** The profiler's samples in the trace, each with its function, script and time on the trace's clock. */
function samplesOf(events: Event[]) {
  // Node ids and profile ids are per process: each profile keeps its own.
  const nodes = new Map<string, ProfileNode>();
  const samples: { ts: number; label: string }[] = [];
  const starts = new Map<string, number>();
  // Each chunk's deltas go on from where the profile's previous chunk ended.
  const clocks = new Map<string, number>();
  for (const e of events) {
    const data: Record<string, unknown> | undefined = e.args?.data;
    if (e.name === 'Profile' && typeof data?.startTime === 'number') starts.set(`${e.pid}:${e.id}`, data.startTime);
    if (e.name !== 'ProfileChunk' || !data) continue;
    const profile = data.cpuProfile as { nodes?: ProfileNode[]; samples?: number[] } | undefined;
    for (const n of profile?.nodes ?? []) nodes.set(`${e.pid}:${e.id}:${n.id}`, n);
    let ts = clocks.get(`${e.pid}:${e.id}`) ?? starts.get(`${e.pid}:${e.id}`) ?? 0;
    const deltas = (data.timeDeltas as number[] | undefined) ?? [];
    (profile?.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const node = nodes.get(`${e.pid}:${e.id}:${id}`);
      // A native function (setTimeout, appendChild) is named with the script function that called it.
      const caller =
        node?.callFrame.url || node?.parent === undefined ? undefined : nodes.get(`${e.pid}:${e.id}:${node.parent}`);
      samples.push({
        ts,
        label: `${frameLabel(node?.callFrame)}${caller ? ` ← ${frameLabel(caller.callFrame)}` : ''}`,
      });
    });
    clocks.set(`${e.pid}:${e.id}`, ts);
  }
  return samples.filter((x) => x.label !== '(idle)');
}

function tasksOf(file: string) {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: Event[] } | Event[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const nav = navigationStart(events);
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').at(-1)!.ts;
  const onMain = mainThread(events);
  const main = events.filter((e) => onMain(e) && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ts >= fcp && e.dur! >= KEPT_MS * 1000);
  const samples = samplesOf(events);
  return {
    fcp: (fcp - nav) / 1000,
    tasks: tasks.map((task) => {
      const end = task.ts + task.dur!;
      // What ran in it: the named steps inside, by inclusive time (nested steps count in each).
      const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && STEPS.has(e.name));
      const parts = new Map<string, number>();
      for (const c of inside) parts.set(labelOf(c), (parts.get(labelOf(c)) ?? 0) + c.dur! / 1000);
      const functions = new Map<string, number>();
      for (const x of samples)
        if (x.ts >= task.ts && x.ts <= end) functions.set(x.label, (functions.get(x.label) ?? 0) + 1);
      return { at: (task.ts - nav) / 1000, ms: task.dur! / 1000, parts, functions };
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
  const kinds = new Map<string, [number, number]>();
  for (const t of tasks) {
    const [by4, by8] = kinds.get(kindOf(t.parts)) ?? [0, 0];
    kinds.set(kindOf(t.parts), [by4 + blocking(t.ms, 4), by8 + blocking(t.ms, 8)]);
  }
  for (const [kind, [by4, by8]] of [...kinds].sort((a, b) => b[1][1] - a[1][1]))
    console.log(`    ${kind}: ${Math.round(by4)} ms at ×4, ${Math.round(by8)} ms at ×8`);
  for (const t of tasks) {
    const parts = [...t.parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ');
    console.log(
      `  ${Math.round(t.at)} ms: ${t.ms.toFixed(1)} ms (×8 blocks ${Math.round(blocking(t.ms, 8))}) — ${parts}`,
    );
    const sampled = [...t.functions].sort((a, b) => b[1] - a[1]).slice(0, 6);
    if (sampled.length) console.log(`      samples: ${sampled.map(([f, n]) => `${f} ×${n}`).join(', ')}`);
  }
}
