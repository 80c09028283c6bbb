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

/**
 * Runs the web build and says it in one line (Vite lists every asset: hundreds of lines before the server's own);
 * a failed build prints everything it said.
 */
export function runQuietly(command, { cwd = root, env = process.env, log = console.log } = {}) {
  const started = Date.now();
  try {
    const out = execSync(command, { cwd, env, stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 }).toString();
    const files = out.split('\n').filter((line) => /^\s*dist\//.test(line)).length;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(`Built the web app in ${seconds} s (${files} files in apps/web/dist)`);
  } catch (e) {
    process.stdout.write(String(e.stdout ?? ''));
    process.stderr.write(String(e.stderr ?? ''));
    throw e;
  }
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
  runQuietly('npm run build -w @cutroom/web', { env: { ...process.env, NODE_ENV: 'production' } });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfStale();
