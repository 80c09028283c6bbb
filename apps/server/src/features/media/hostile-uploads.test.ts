import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PURPOSE_KEYS, UPLOAD_PURPOSES, type UploadPurpose } from '@cutroom/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, filesOf, seedWithSessions } from '../../test/helpers.js';
import { GIF, MP3, PNG, SRT, uploadBody } from '../../test/sample-files.js';

/**
 * Hostile files × every upload purpose: each is refused, or stored under the type its bytes show and
 * served so that no browser can run it (a safe type, nosniff, the sandbox CSP, media inline only).
 */
const page = '<!doctype html><html><body><script src="/files/media/1/evil.js"></script></body></html>';
const HOSTILE: {
  name: string;
  fileName: string;
  type: string;
  content: Buffer;
  kind?: 'image' | 'audio' | 'subtitles';
}[] = [
  { name: 'an HTML page sent as a PNG', fileName: 'invoice.html', type: 'image/png', content: Buffer.from(page) },
  { name: 'a script sent as a PNG', fileName: 'x.js', type: 'image/png', content: Buffer.from('fetch("/api/me")') },
  {
    name: 'an SVG with script',
    fileName: 'logo.svg',
    type: 'image/svg+xml',
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>'),
  },
  {
    name: 'an SVG after an XML prolog, named .png',
    fileName: 'logo.png',
    type: 'image/png',
    content: Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ),
  },
  {
    name: 'a GIF/HTML polyglot',
    fileName: 'poly.html',
    type: 'text/html',
    content: Buffer.concat([GIF, Buffer.from(page)]),
    kind: 'image',
  },
  {
    name: 'a PNG with a page appended',
    fileName: 'poly.png.html',
    type: 'image/png',
    content: Buffer.concat([PNG, Buffer.from(page)]),
    kind: 'image',
  },
  {
    name: 'an MP3 tag followed by a page',
    fileName: 'song.html',
    type: 'audio/mpeg',
    content: Buffer.concat([MP3.subarray(0, 10), Buffer.from(page)]),
    kind: 'audio',
  },
  {
    name: 'subtitles whose cue holds a script',
    fileName: 'subs.srt',
    type: 'text/html',
    content: Buffer.concat([SRT, Buffer.from(`3\n00:00:05,000 --> 00:00:06,000\n${page}\n`)]),
    kind: 'subtitles',
  },
  {
    name: 'a zip (bomb by name)',
    fileName: 'bomb.zip',
    type: 'video/mp4',
    content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 0)]),
  },
  {
    name: 'a gzip named .mp4',
    fileName: 'movie.mp4',
    type: 'video/mp4',
    content: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]),
  },
  { name: 'a PDF', fileName: 'brief.pdf', type: 'image/jpeg', content: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj') },
  { name: 'a Windows program', fileName: 'setup.mp3', type: 'audio/mpeg', content: Buffer.from('MZ\x90\x00\x03') },
  { name: 'text with NULs named .srt', fileName: 'a.srt', type: 'text/plain', content: Buffer.from('1\n\0\0\0') },
  { name: 'a lone BOM', fileName: 'a.vtt', type: 'text/vtt', content: Buffer.from('\uFEFF') },
  { name: 'an empty file', fileName: 'empty.mp3', type: 'audio/mpeg', content: Buffer.alloc(0) },
];

const SAFE_TYPES =
  /^(audio\/|video\/|image\/(png|jpeg|gif|webp)$|application\/x-subrip|text\/vtt|application\/octet-stream)/;

let t: TestApp;
let token: string;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const a = await seedWithSessions(t.database.db);
  token = a.customer.token;
  ownerId = a.customer.id;
});
afterAll(() => t.close());

const accepts = (purpose: UploadPurpose, kind: string | undefined) =>
  kind !== undefined && (UPLOAD_PURPOSES[purpose].kinds as readonly string[]).includes(kind);

describe('hostile uploads', () => {
  for (const [i, file] of HOSTILE.entries()) {
    it(`${file.name}: refused, or stored as its real type and served inert, for every purpose`, async () => {
      for (const purpose of UPLOAD_PURPOSE_KEYS) {
        const before = filesOf(t.dataDir, ownerId).length;
        const body = uploadBody(file.fileName, file.type, file.content, purpose);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/media',
          // An address per file keeps the table under the per-address upload limit.
          remoteAddress: `10.0.0.${i + 1}`,
          headers: { ...bearer(token), ...body.headers },
          payload: body.payload,
        });
        if (!accepts(purpose, file.kind)) {
          expect({ purpose, status: res.statusCode, code: res.json().code }).toEqual({
            purpose,
            status: 400,
            code: 'FILE_REFUSED',
          });
          expect(filesOf(t.dataDir, ownerId)).toHaveLength(before);
          continue;
        }
        expect({ purpose, status: res.statusCode }).toEqual({ purpose, status: 201 });
        const key = res.json().key as string;
        expect(key).not.toMatch(/\.(html?|js|svg|xml|pdf|zip)$/);
        const served = await t.app.inject({ method: 'GET', url: res.json().url, headers: bearer(token) });
        const type = String(served.headers['content-type']);
        expect(type).toMatch(SAFE_TYPES);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['content-security-policy']).toContain('sandbox');
        const inline = /^(audio|video|image)\//.test(type);
        expect(served.headers['content-disposition']).toBe(
          inline
            ? 'inline'
            : `attachment; filename="${key
                .split('/')
                .pop()!
                .replace(/^\d+-[0-9a-f]{16}-/, '')}"`,
        );
      }
    });
  }
});
