// Builds the web app when its sources are newer than apps/web/dist (used by `npm start` and the e2e tests).
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time under a file or folder. */
export function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

export function buildWebIfStale() {
  const builtIndex = path.join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/precompress.ts',
    'packages/domain/src',
    'packages/domain/package.json',
  ]
    .map((p) => path.join(root, p))
    .filter((p) => fs.existsSync(p));
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the web app…');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build into dist.
  execSync('npm run build -w @cutroom/web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
