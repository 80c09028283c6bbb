// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
