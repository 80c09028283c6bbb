import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { backupTool } from './server-process.js';

// `npm run restore` given something that is not a Cutroom backup (issue 48): one line saying which file and
// why, exit 1, no stack trace, and the DATA_DIR it was aimed at untouched.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-restore-malformed-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A real archive of a migrated embedded database, as `npm run backup` writes it. */
let archive: string;
/** A DATA_DIR that already holds a database. */
let occupied: string;
beforeAll(async () => {
  occupied = path.join(work, 'occupied');
  const database = await openDatabase({ pgliteDir: path.join(occupied, 'pg') });
  await database.close();
  archive = path.join(work, 'real.tar.gz');
  const made = await backupTool(['backup', '--out', archive], { DATA_DIR: occupied });
  expect(made.code, made.out).toBe(0);
}, 120_000);

/** A file in the work folder. */
const file = (name: string, bytes: Buffer | string) => {
  const p = path.join(work, name);
  fs.writeFileSync(p, bytes);
  return p;
};

/** The real archive repacked after `edit` changed its unpacked contents. */
async function repacked(name: string, edit: (dir: string) => void) {
  const dir = fs.mkdtempSync(path.join(work, 'unpacked-'));
  await tar.x({ file: archive, cwd: dir });
  edit(dir);
  const out = path.join(work, name);
  await tar.c({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
  return out;
}

/** A tar.gz of a file that has nothing to do with Cutroom. */
async function otherArchive() {
  const dir = fs.mkdtempSync(path.join(work, 'other-'));
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'holiday photos\n');
  const out = path.join(work, 'photos.tar.gz');
  await tar.c({ gzip: true, file: out, cwd: dir }, ['notes.txt']);
  return out;
}

const manifest = (dir: string) => path.join(dir, 'cutroom-backup.json');
const cases: [string, () => Promise<string> | string, string | RegExp][] = [
  [
    'random bytes',
    () => file('random.tar.gz', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))),
    'it is not a .tar.gz archive',
  ],
  ['an empty file', () => file('empty.tar.gz', ''), 'the file is empty'],
  [
    'a truncated archive',
    () => file('cut.tar.gz', fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2))),
    /^it is cut short or damaged \(.+\)$/,
  ],
  ['a tar.gz of something else', otherArchive, 'it has no cutroom-backup.json (it holds notes.txt)'],
  [
    'an archive without its manifest',
    () => repacked('no-manifest.tar.gz', (dir) => fs.rmSync(manifest(dir))),
    'it has no cutroom-backup.json (it holds database/, database/pglite.tar)',
  ],
  [
    'a newer format',
    () =>
      repacked('format-2.tar.gz', (dir) => {
        const m = JSON.parse(fs.readFileSync(manifest(dir), 'utf8'));
        fs.writeFileSync(manifest(dir), JSON.stringify({ ...m, format: 2 }));
      }),
    'it is format 2, from a newer Cutroom; this release restores format 1',
  ],
  [
    'a manifest that is not JSON',
    () => repacked('not-json.tar.gz', (dir) => fs.writeFileSync(manifest(dir), '{ format: 1')),
    'its cutroom-backup.json is not JSON',
  ],
  [
    'a manifest whose database dump is missing',
    () => repacked('no-dump.tar.gz', (dir) => fs.rmSync(path.join(dir, 'database', 'pglite.tar'))),
    'it has no database/pglite.tar',
  ],
  [
    'a database dump that is not one',
    () => repacked('bad-dump.tar.gz', (dir) => fs.writeFileSync(path.join(dir, 'database', 'pglite.tar'), 'no tar\n')),
    /^its embedded database could not be opened \(.+\)$/,
  ],
];

describe('npm run restore of something that is not a Cutroom backup', () => {
  it.each(cases)(
    '%s: one line saying why, exit 1, DATA_DIR untouched',
    { timeout: 60_000 },
    async (name, make, why) => {
      const bad = await make();
      const dataDir = path.join(work, `into-${name.replaceAll(' ', '-')}`);
      const res = await backupTool(['restore', bad], { DATA_DIR: dataDir });
      expect(res.code, res.out).toBe(1);
      const line = res.out.trim();
      const prefix = `${bad} is not a Cutroom backup: `;
      expect(line.startsWith(prefix), line).toBe(true);
      if (typeof why === 'string') expect(line.slice(prefix.length)).toBe(why);
      else expect(line.slice(prefix.length)).toMatch(why);
      expect(line).not.toContain('\n');
      expect(fs.existsSync(dataDir)).toBe(false);
    },
  );

  it('leaves a DATA_DIR that holds data as it was', { timeout: 60_000 }, async () => {
    const before = fs.readdirSync(occupied).sort();
    const res = await backupTool(['restore', file('junk.tar.gz', 'not an archive\n')], { DATA_DIR: occupied });
    expect(res.code).toBe(1);
    expect(res.out).toContain('is not a Cutroom backup: it is not a .tar.gz archive');
    expect(res.out).not.toMatch(/^\s+at /m);
    expect(fs.readdirSync(occupied).sort()).toEqual(before);
  });
});
