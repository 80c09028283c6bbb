import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '@cutroom/domain/schemas';
import { uploadClient } from '../../test/uploads.js';
import { dnxhdMxf, mpegTs } from './hostile-clips.js';
import { pipelineFixture, type PipelineFixture } from './test-kit.js';

let f: PipelineFixture;
let mxf: Buffer;
let ts: Buffer;
beforeAll(async () => {
  f = await pipelineFixture();
  [mxf, ts] = await Promise.all([dnxhdMxf(), mpegTs()]);
}, 120_000);
afterAll(() => f?.t.close());

/** Puts a file on the customer's upload page, declared as the browser would, and answers the complete call. */
function upload(name: string, content: Buffer, declared: string | undefined) {
  const client = uploadClient(f.t, f.a.customer.token);
  return client.upload(f.a.customer.id, name, declared as string, content.length, (n, s) =>
    content.subarray((n - 1) * s.part_size, n * s.part_size),
  );
}

describe('broadcast formats on the upload page: DNxHD in MXF, MPEG-TS', () => {
  it.each([
    ['application/mxf', 'master.mxf'],
    ['video/mxf', 'master-2.mxf'],
    ['', 'master-3.mxf'],
    ['application/octet-stream', 'master-4.mxf'],
    [undefined, 'master-5.mxf'],
  ] as const)(
    'is taken when declared as %j, typed by its bytes, and processed',
    async (declared, name) => {
      const { res } = await upload(name, mxf, declared);
      expect(res.statusCode, res.body).toBe(200);
      const file = res.json<{ file: UploadedFile }>().file;
      expect(file).toMatchObject({ content_type: 'application/mxf', media: { status: 'queued' } });
      expect(file.file_name).toMatch(/\.mxf$/);
      expect(await f.drain()).toBe(1);
      const listed = (await uploadClient(f.t, f.a.customer.token).list({}))
        .json<{ files: UploadedFile[] }>()
        .files.find((x) => x.id === file.id)!;
      expect(listed.media).toMatchObject({
        status: 'ready',
        video_codec: 'dnxhd',
        audio_codec: 'pcm_s16le',
        fps_rational: '25/1',
        frame_count: 25,
        width: 1920,
        height: 1080,
      });
    },
    120_000,
  );

  it.each([
    ['video/mp2t', 'recording.ts'],
    ['', 'recording-2.m2t'],
  ] as const)(
    'takes an MPEG transport stream declared as %j and prepares it',
    async (declared, name) => {
      const { res } = await upload(name, ts, declared);
      expect(res.statusCode, res.body).toBe(200);
      const file = res.json<{ file: UploadedFile }>().file;
      expect(file).toMatchObject({ content_type: 'video/mp2t', media: { status: 'queued' } });
      expect(file.file_name).toMatch(/\.ts$/);
      expect(await f.drain()).toBe(1);
      const listed = (await uploadClient(f.t, f.a.customer.token).list({}))
        .json<{ files: UploadedFile[] }>()
        .files.find((x) => x.id === file.id)!;
      expect(listed.media).toMatchObject({
        status: 'ready',
        video_codec: 'h264',
        audio_codec: 'aac',
        fps_rational: '25/1',
        frame_count: 50,
        width: 640,
        height: 360,
      });
    },
    120_000,
  );

  it('still refuses a declared type outside UPLOAD_TYPES, and bytes that are no format we know', async () => {
    const refused = await uploadClient(f.t, f.a.customer.token).start({
      customer_id: f.a.customer.id,
      file_name: 'x.exe',
      size: 10,
      content_type: 'application/x-msdownload',
    });
    expect(refused.statusCode).toBe(400);
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    const { res } = await upload('junk.mxf', junk, '');
    expect(res.statusCode).toBe(400);
  });
});
