import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { describeMediaTools, mediaTools } from '../media-pipeline/media-tools.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /healthz', () => {
  it('says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('says the database answers, and which ffmpeg and ffprobe the media pipeline runs, from where', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; media: unknown }>();
    expect(body.status).toBe('ready');
    // The same tools this process found: a current system build if there is one, else the npm build.
    expect(body.media).toEqual(await describeMediaTools(mediaTools()));
    expect(body.media).toMatchObject({
      ffmpeg: {
        version: expect.stringMatching(/^ffmpeg version \S+/),
        major: expect.any(Number),
        source: expect.stringMatching(/^(system|npm)$/),
      },
      ffprobe: { version: expect.stringMatching(/^ffprobe version \S+/), major: expect.any(Number) },
    });
  });

  it('names a build given by FFMPEG_PATH / FFPROBE_PATH as the environment’s, and null for one that will not run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-readyz-'));
    const given = { ffmpeg: path.join(dir, 'ffmpeg'), ffprobe: path.join(dir, 'ffprobe') };
    for (const [name, file] of Object.entries(given))
      fs.writeFileSync(file, `#!/bin/sh\necho "${name} version 7.1.1 Copyright (c) 2000-2025"\n`, { mode: 0o755 });
    const withEnv = await createTestApp({ FFMPEG_PATH: given.ffmpeg, FFPROBE_PATH: given.ffprobe });
    const missing = await createTestApp({ FFMPEG_PATH: path.join(dir, 'none'), FFPROBE_PATH: given.ffprobe });
    try {
      const res = await withEnv.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toEqual({
        status: 'ready',
        media: {
          ffmpeg: { version: 'ffmpeg version 7.1.1', major: 7, source: 'env' },
          ffprobe: { version: 'ffprobe version 7.1.1', major: 7, source: 'env' },
        },
      });
      const none = await missing.app.inject({ method: 'GET', url: '/readyz' });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ status: 'ready', media: null });
    } finally {
      await withEnv.close();
      await missing.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
