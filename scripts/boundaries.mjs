// The source trees' boundaries (issue 32), part of `npm run lint`; docs/architecture.md explains them.
// 1. No import cycles in the server, the web app or the domain.
// 2. A feature reaches another feature only through that feature's `public.ts`.
// 3. Shared layers (server platform/ and db/, web components/ and lib/) import no feature.
// 4. No cycle between feature folders: if a uses b, b uses neither a nor anything that leads back to a.
// 5. The server's kernel/ and every other shared layer import no feature; no feature imports a composition
//    root (server app.ts, main.ts, worker.ts; web app/ and first-screen/).
// 6. A public.ts names what it exports: no `export *`.
// 7. The domain's facts entry (`@cutroom/domain`, what the browser loads first) reaches no zod: schemas are
//    `@cutroom/domain/schemas`, the contract `@cutroom/domain/contract`.
// Composition roots (server app.ts, main.ts and worker.ts, web app/) wire features together, and tests may look inside.
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';

// `--root <dir>` checks another checkout (the lint's own test runs it on small trees it writes).
const rootArg = process.argv.indexOf('--root');
const repo = rootArg > 0 ? process.argv[rootArg + 1] : '.';
const trees = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json', roots: /^(app|main|worker)\.ts$/ },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json', roots: /^app\//, rootsImported: /^(app|first-screen)\// },
  { dir: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
].filter(({ dir }) => fs.existsSync(path.join(repo, dir)));
const isTest = (file) => /\.test\.tsx?$|(^|\/)test\/|^api-wide\/|test-kit|\.fixture\.ts$/.test(file);
const featureOf = (file) => /^features\/([^/]+)\//.exec(file)?.[1];

const problems = [];
for (const { dir: treeDir, tsConfig, roots, rootsImported = roots } of trees) {
  const dir = path.join(repo, treeDir);
  const graph = await madge(dir, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(repo, tsConfig),
    excludeRegExp: [/\.d\.ts$/],
  });
  for (const cycle of graph.circular())
    problems.push(`import cycle in ${treeDir}: ${[...cycle, cycle[0]].join(' → ')}`);
  if (treeDir === 'packages/domain/src') problems.push(...zodInFacts(dir, graph.obj()));
  if (!roots) continue;
  /** Feature → the features it imports, and one file import that shows it. */
  const uses = new Map();
  for (const [file, deps] of Object.entries(graph.obj())) {
    if (isTest(file)) continue;
    const from = featureOf(file);
    if (from && /(^|\/)public\.ts$/.test(file) && /^\s*export \*/m.test(fs.readFileSync(path.join(dir, file), 'utf8')))
      problems.push(`${treeDir}/${file} has \`export *\`: name what other features may use`);
    if (roots.test(file)) continue;
    for (const dep of deps) {
      const to = featureOf(dep);
      if (from && rootsImported.test(dep))
        problems.push(
          `${treeDir}/${file} imports the composition root ${dep}: a root wires features, never the reverse`,
        );
      if (!to || to === from) continue;
      if (!from)
        problems.push(
          `${treeDir}/${file} is shared code (kernel, platform, db, components, lib) and imports the feature ${dep}: move what it needs out of features/`,
        );
      else if (dep !== `features/${to}/public.ts`)
        problems.push(`${treeDir}/${file} imports ${dep}: import it from features/${to}/public.ts (export it there)`);
      if (from) {
        if (!uses.has(from)) uses.set(from, new Map());
        if (!uses.get(from).has(to)) uses.get(from).set(to, `${file} → ${dep}`);
      }
    }
  }
  for (const loop of featureLoops(uses))
    problems.push(
      `features of ${treeDir} import each other in a loop (${loop.map(([a]) => a).join(' → ')} → ${loop[0][0]}): ${loop.map(([, how]) => how).join('; ')}. Move the shared piece below the features (kernel/, platform/, lib/) or tell the other feature through a hook on the context`,
    );
}

/** The loops of the feature graph, one per strongly connected group, as [feature, the import that leads on]. */
function featureLoops(uses) {
  const loops = [];
  const reported = new Set();
  for (const start of [...uses.keys()].sort()) {
    if (reported.has(start)) continue;
    // The shortest way back to start, breadth first.
    const back = new Map([[start, null]]);
    const queue = [start];
    let found = null;
    while (queue.length > 0 && !found) {
      const at = queue.shift();
      for (const next of [...(uses.get(at)?.keys() ?? [])].sort()) {
        if (next === start) {
          found = at;
          break;
        }
        if (!back.has(next)) {
          back.set(next, at);
          queue.push(next);
        }
      }
    }
    if (!found) continue;
    const path = [];
    for (let at = found; at !== null; at = back.get(at)) path.unshift(at);
    loops.push(path.map((feature, i) => [feature, uses.get(feature).get(path[i + 1] ?? start)]));
    for (const feature of path) reported.add(feature);
  }
  return loops;
}
/** Files the facts entry reaches that import zod as a value (a type import costs nothing at run time). */
function zodInFacts(dir, graph) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of graph[file] ?? []) walk(dep);
  };
  walk('index.ts');
  return [...seen]
    .filter((file) => /^import (?!type )[^;]*from 'zod'/m.test(fs.readFileSync(path.join(dir, file), 'utf8')))
    .map(
      (file) =>
        `${dir}/${file} imports zod and is reached from the facts entry (index.ts): move its schemas to schemas/`,
    );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`${problems.length} boundary problem(s) (docs/architecture.md, "Boundaries").`);
  process.exit(1);
}
console.log(
  'boundaries kept: no import cycles between files or features, features meet through public.ts, shared code and the kernel import no feature, the domain facts reach no zod',
);
