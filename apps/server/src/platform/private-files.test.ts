import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makePrivate } from './private-files.js';

// The walk that closes a DATA_DIR an older release left open (issue 48); the real server's start, upload,
// backup and restore are durability/private-data.pglite-only.test.ts.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-private-files-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const mode = (p: string) => fs.lstatSync(p).mode & 0o7777;

it('closes folders and files under a root reached through a link, and follows no link inside it', () => {
  const data = path.join(work, 'disk', 'data');
  fs.mkdirSync(path.join(data, 'files', 'media'), { recursive: true });
  fs.writeFileSync(path.join(data, 'files', 'media', 'a.png'), 'png');
  fs.writeFileSync(path.join(data, 'run.sh'), '#!/bin/sh\n');
  const outside = path.join(work, 'outside.txt');
  fs.writeFileSync(outside, 'not ours');
  fs.symlinkSync(outside, path.join(data, 'files', 'link.txt'));
  for (const d of [data, path.join(data, 'files'), path.join(data, 'files', 'media')]) fs.chmodSync(d, 0o777);
  fs.chmodSync(path.join(data, 'files', 'media', 'a.png'), 0o666);
  fs.chmodSync(path.join(data, 'run.sh'), 0o775);
  fs.chmodSync(outside, 0o644);
  const linked = path.join(work, 'data-link');
  fs.symlinkSync(data, linked);

  expect(makePrivate(linked)).toEqual([]);
  expect(mode(data)).toBe(0o700);
  expect(mode(path.join(data, 'files', 'media'))).toBe(0o700);
  expect(mode(path.join(data, 'files', 'media', 'a.png'))).toBe(0o600);
  // The owner's own bits are kept: only group and other lose theirs.
  expect(mode(path.join(data, 'run.sh'))).toBe(0o700);
  expect(mode(outside)).toBe(0o644);
});

it('is a no-op for a folder that is not there', () => {
  expect(makePrivate(path.join(work, 'missing'))).toEqual([]);
});
