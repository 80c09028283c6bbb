// Fails when an import cycle exists in a source tree (issue 32): part of `npm run lint`.
import madge from 'madge';

const trees = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
  { dir: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
];

let cycles = 0;
for (const { dir, tsConfig } of trees) {
  const graph = await madge(dir, { fileExtensions: ['ts', 'tsx'], tsConfig, excludeRegExp: [/\.d\.ts$/] });
  for (const cycle of graph.circular()) {
    cycles += 1;
    console.error(`import cycle in ${dir}: ${[...cycle, cycle[0]].join(' → ')}`);
  }
}
if (cycles > 0) {
  console.error(`${cycles} import cycle(s): move what both sides need into a module of its own (docs/architecture.md).`);
  process.exit(1);
}
console.log('no import cycles');
