import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pbkdf2 } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { writeNewFile } from './storage.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Occupies libuv's thread pool, where file opens and removals wait their turn, as a loaded server's does. */
const busyPool = () =>
  Promise.all(
    Array.from({ length: 8 }, () => new Promise((resolve) => pbkdf2('x', 'y', 200_000, 32, 'sha256', resolve))),
  );

describe('writing a new file on local disk', () => {
  it('leaves no file when the stream fails before the file is even open, on a busy thread pool', async () => {
    const targets = Array.from({ length: 20 }, (_, i) => path.join(dir, `cut-${i}.mp4`));
    const busy = busyPool();
    const results = await Promise.allSettled(
      targets.map((target) =>
        writeNewFile(async function* () {
          yield Buffer.alloc(64);
          throw new Error('the sender went away');
        }, target),
      ),
    );
    await busy;
    expect(results.map((r) => r.status)).toEqual(targets.map(() => 'rejected'));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('writes the whole stream, and refuses to overwrite a file that exists', async () => {
    const target = path.join(dir, 'whole.bin');
    await writeNewFile(async function* () {
      yield Buffer.from('one ');
      yield Buffer.from('two');
    }, target);
    expect(fs.readFileSync(target, 'utf8')).toBe('one two');
    await expect(writeNewFile(async function* () {}, target)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(fs.readFileSync(target, 'utf8')).toBe('one two');
  });
});
