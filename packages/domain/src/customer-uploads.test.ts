import { describe, expect, it } from 'vitest';
import {
  UPLOAD_PART_SIZE,
  UPLOAD_SINGLE_PART_MAX,
  formatBytes,
  partBytes,
  typeAllowed,
  typedFileName,
  uploadFileName,
  uploadPartPlan,
} from './customer-uploads.js';

const at = new Date('2026-11-25T14:29:30.123Z');
const name = (n: string) => uploadFileName(n, at);

describe('uploadFileName (spec 002 §5)', () => {
  it('keeps the extension, removes special characters, turns spaces to hyphens and adds a timestamp', () => {
    expect(name('My holiday clip (final)!.mp4')).toBe('My-holiday-clip-final-20261125-142930123.mp4');
    expect(name('raw   footage  take 2.MOV')).toBe('raw-footage-take-2-20261125-142930123.MOV');
    expect(name('archive.tar.gz')).toBe('archivetar-20261125-142930123.gz');
  });

  it('never keeps a path, NUL or control character', () => {
    expect(name('../../etc/passwd')).toBe('passwd-20261125-142930123');
    expect(name('..\\..\\windows\\boot.ini')).toBe('boot-20261125-142930123.ini');
    expect(name('a/b/../c.mp4')).toBe('c-20261125-142930123.mp4');
    expect(name('evil\u0000.mp4\u0000.exe')).toBe('evilmp4-20261125-142930123.exe');
    expect(name('line\nbreak.png')).toBe('linebreak-20261125-142930123.png');
  });

  it('turns accented letters plain and drops other scripts, with "file" for a name left empty', () => {
    expect(name('Crème brûlée.jpg')).toBe('Creme-brulee-20261125-142930123.jpg');
    expect(name('视频 😀.mp4')).toBe('file-20261125-142930123.mp4');
    expect(name('')).toBe('file-20261125-142930123');
    expect(name('   ')).toBe('file-20261125-142930123');
    expect(name('...')).toBe('file-20261125-142930123');
    expect(name('.bashrc')).toBe('bashrc-20261125-142930123');
    expect(name('/')).toBe('file-20261125-142930123');
  });

  it('gives only safe characters and bounded length, whatever it is handed', () => {
    const samples = [
      'x'.repeat(5000) + '.mp4',
      '-_-.-',
      'a.' + 'b'.repeat(50),
      '\\\\server\\share\\x.zip',
      '%2e%2e%2fpasswd',
    ];
    for (const s of samples) {
      const out = name(s);
      expect(out).toMatch(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9]{1,10})?$/);
      expect(out.length).toBeLessThanOrEqual(100 + 19 + 11);
    }
  });

  it("takes the extension of the type the bytes showed, not the sender's (issue 33)", () => {
    expect(typedFileName(name('poly.html'), 'png')).toBe('poly-20261125-142930123.png');
    expect(typedFileName(name('archive.tar.gz'), 'zip')).toBe('archivetar-20261125-142930123.zip');
    expect(typedFileName(name('no extension'), 'mp4')).toBe('no-extension-20261125-142930123.mp4');
  });
});

describe('uploadPartPlan', () => {
  it('sends up to 100 MB as one part and larger files in 16 MB parts', () => {
    expect(uploadPartPlan(1)).toEqual({ partSize: 1, partCount: 1 });
    expect(uploadPartPlan(UPLOAD_SINGLE_PART_MAX)).toEqual({ partSize: UPLOAD_SINGLE_PART_MAX, partCount: 1 });
    const plan = uploadPartPlan(UPLOAD_SINGLE_PART_MAX + 1);
    expect(plan).toEqual({ partSize: UPLOAD_PART_SIZE, partCount: 7 });
    expect(partBytes(plan, UPLOAD_SINGLE_PART_MAX + 1, 1)).toBe(UPLOAD_PART_SIZE);
    expect(partBytes(plan, UPLOAD_SINGLE_PART_MAX + 1, 7)).toBe(UPLOAD_SINGLE_PART_MAX + 1 - 6 * UPLOAD_PART_SIZE);
  });

  it('keeps to 10,000 parts for very large files', () => {
    const size = 5 * 1024 ** 4;
    const plan = uploadPartPlan(size);
    expect(plan.partCount).toBeLessThanOrEqual(10_000);
    expect(plan.partSize * plan.partCount).toBeGreaterThanOrEqual(size);
  });
});

describe('typeAllowed', () => {
  const allowed = ['video/*', 'image/*', 'application/pdf'];
  it('matches wildcards and exact types, ignoring case and parameters', () => {
    expect(typeAllowed('video/mp4', allowed)).toBe(true);
    expect(typeAllowed('Image/PNG; charset=x', allowed)).toBe(true);
    expect(typeAllowed('application/pdf', allowed)).toBe(true);
    expect(typeAllowed('application/zip', allowed)).toBe(false);
    expect(typeAllowed('text/html', allowed)).toBe(false);
    expect(typeAllowed('video', allowed)).toBe(false);
    expect(typeAllowed('video/', allowed)).toBe(false);
  });
});

it('formatBytes', () => {
  expect(formatBytes(512)).toBe('512 bytes');
  expect(formatBytes(1536)).toBe('1.5 KB');
  expect(formatBytes(20 * 1024 ** 3)).toBe('20 GB');
});
