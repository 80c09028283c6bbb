import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** s3rver started as a separate process (a real S3-compatible server on a free port); `stop` ends it. */
export async function startS3rverProcess(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-s3-'));
  const script = fileURLToPath(new URL('./s3rver-child.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  const { port } = JSON.parse(line) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
