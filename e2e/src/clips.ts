import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A clip made by the ffmpeg the product ships (journeys and benchmarks need no ffmpeg of the machine's):
 * `args` are ffmpeg's inputs and options, the file is named `name` (its extension picks the container).
 */
export function makeClip(name: string, args: string[]): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-clip-'));
  const file = path.join(dir, name);
  try {
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', ...args, file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
