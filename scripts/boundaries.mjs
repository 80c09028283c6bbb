// The source trees' boundaries (issue 32), part of `npm run lint`; docs/architecture.md explains them.
// 1. No import cycles in the server, the web app or the domain.
// 2. A feature reaches another feature only through that feature's `public.ts`.
// 3. Shared layers (server platform/ and db/, web components/ and lib/) import no feature.
// 4. The domain's facts entry (`@cutroom/domain`, what the browser loads first) reaches no zod: schemas are
//    `@cutroom/domain/schemas`, the contract `@cutroom/domain/contract`.
// Composition roots (server app.ts, main.ts and worker.ts, web app/) wire features together, and tests may look inside.
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const trees = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json', roots: /^(app|main|worker)\.ts$/ },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json', roots: /^app\// },
  { dir: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
];
const isTest = (file) => /\.test\.tsx?$|(^|\/)test\/|^api-wide\/|test-kit|\.fixture\.ts$/.test(file);
const featureOf = (file) => /^features\/([^/]+)\//.exec(file)?.[1];

const problems = [];
for (const { dir, tsConfig, roots } of trees) {
  const graph = await madge(dir, { fileExtensions: ['ts', 'tsx'], tsConfig, excludeRegExp: [/\.d\.ts$/] });
  for (const cycle of graph.circular()) problems.push(`import cycle in ${dir}: ${[...cycle, cycle[0]].join(' → ')}`);
  if (dir === 'packages/domain/src') problems.push(...zodInFacts(dir, graph.obj()));
  if (!roots) continue;
  for (const [file, deps] of Object.entries(graph.obj())) {
    if (roots.test(file) || isTest(file)) continue;
    const from = featureOf(file);
    for (const dep of deps) {
      const to = featureOf(dep);
      if (!to || to === from) continue;
      if (!from)
        problems.push(
          `${dir}/${file} is shared code and imports the feature ${dep}: move what it needs out of features/`,
        );
      else if (dep !== `features/${to}/public.ts`)
        problems.push(`${dir}/${file} imports ${dep}: import it from features/${to}/public.ts (export it there)`);
    }
  }
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
  'boundaries kept: no import cycles, features meet through public.ts, shared code imports no feature, the domain facts reach no zod',
);
