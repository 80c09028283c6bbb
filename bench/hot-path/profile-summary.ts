/**
 * Where a .cpuprofile's time goes: self time per file (node_modules packages folded to their name)
 * and per function, and the inclusive time of the heaviest functions. Prints the top rows of each.
 *   npx tsx bench/hot-path/profile-summary.ts <file.cpuprofile> [rows]
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** A package name for node_modules code, a repository path for ours, the frame's name otherwise. */
function area(url: string, name: string) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = url.indexOf('/work/');
  return src >= 0 ? url.slice(url.indexOf('/', src + 6) + 1) : url.replace(/^node:/, 'node:');
}
const fnKey = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${area(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`;

const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self.entries()]
  .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
  .reduce((a, [, t]) => a + t, 0);
const busy = total - idle;
const add = (map: Map<string, number>, key: string, t: number) => map.set(key, (map.get(key) ?? 0) + t);
const perArea = new Map<string, number>();
const perFn = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  if (n.callFrame.functionName === '(idle)') continue;
  add(perArea, area(n.callFrame.url, n.callFrame.functionName), t);
  add(perFn, fnKey(n), t);
  // Each function on the stack once, however often it recurses.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = fnKey(byId.get(at)!);
    if (seen.has(key)) continue;
    add(inclusive, key, t);
    seen.add(key);
  }
}
const pct = (t: number) => `${((t / busy) * 100).toFixed(1).padStart(5)}%`;
const top = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(t)}  ${key}`);
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares below are of busy time)`,
);
top('Self time per file or package', perArea);
top('Self time per function', perFn);
top('Inclusive time per function', inclusive);
