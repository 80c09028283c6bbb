// Bundles the server's entry points (main, worker, backup, and the review report's render thread) into
// apps/server/dist when their sources are newer (docs/operations.md): `npm start` and the tests that start real
// servers run plain JavaScript, not TypeScript transpiled at start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { newestMtime, root } from './build-web.mjs';

export const serverDist = path.join(root, 'apps/server/dist');
/** Each bundle's name and its source under apps/server/src; a thread's entry lands beside the server's. */
const ENTRIES = {
  main: 'main.ts',
  worker: 'worker.ts',
  backup: 'backup.ts',
  // render-pool.ts starts it as ./report-render.mjs next to the bundle it runs in.
  'report-render': 'features/review-report/render-thread.ts',
};
const SOURCES = ['apps/server/src', 'apps/server/package.json', 'packages/domain/src', 'packages/domain/package.json'];

/** The bundle of an entry point ('main', 'worker', 'backup' or 'report-render'). */
export const serverEntry = (name) => path.join(serverDist, `${name}.mjs`);

/** Packages stay in node_modules (native addons, WASM, their own files); the workspace's TypeScript is bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    // esbuild's filters have no lookahead: bare specifiers all come here, the workspace's are resolved as usual.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cutroom/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds when a source is newer than the older bundle; returns whether it built. Safe to call from several processes. */
export async function buildServerIfStale() {
  const builtAt = Math.min(
    ...Object.keys(ENTRIES).map((e) => (fs.existsSync(serverEntry(e)) ? fs.statSync(serverEntry(e)).mtimeMs : 0)),
  );
  const sources = SOURCES.map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  if (builtAt >= Math.max(...sources.map(newestMtime))) return false;
  const result = await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, source]) => [name, path.join(root, 'apps/server/src', source)]),
    ),
    outdir: serverDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    plugins: [packagesOutside],
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(serverDist, { recursive: true });
  // Each file lands whole (a rename), so a process starting the server meanwhile reads the old or the new one.
  // The maps first: a bundle never points at a map that is not there yet.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildServerIfStale();
  console.log(built ? `Built the server into ${serverDist}` : 'The server bundle is up to date');
}
