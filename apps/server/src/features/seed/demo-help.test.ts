import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HELP, type HelpContent } from '@cutroom/domain/schemas';
import { isPlayableVideoUrl } from '@cutroom/domain';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { DEMO_MEDIA_DIR, HELP_CLIPS, seedDemoMedia } from './demo-media.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let before: HelpContent;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  before = (await get(a.customer.token, '/api/help')).json<HelpContent>();
  await seedDemoMedia(t.database.db, loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }));
});
afterAll(() => t.close());

const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('the demo help videos', () => {
  it('are missing until the demo media is stored: an install without the demo keeps the empty defaults', () => {
    expect(before.videos.map((v) => v.url)).toEqual(['', '', '']);
  });

  it("give the help page's three tutorials a recorded video, the rest of the page unchanged", async () => {
    const help = (await get(a.customer.token, '/api/help')).json<HelpContent>();
    expect(help.videos.map((v) => [v.title, v.description])).toEqual(
      DEFAULT_HELP.videos.map((v) => [v.title, v.description]),
    );
    expect(help.faqs).toEqual(DEFAULT_HELP.faqs);
    for (const video of help.videos) {
      const file = HELP_CLIPS[video.title]!;
      expect(video.url).toMatch(
        new RegExp(`^/files/media/${a.admin.id}/\\d+-[0-9a-f]{16}-${file.replace('.', '\\.')}$`),
      );
      expect(isPlayableVideoUrl(video.url)).toBe(true);
    }
  });

  it('serves each as a small faststart MP4 to every signed-in role, and to nobody signed out', async () => {
    const { videos } = (await get(a.helper.token, '/api/help')).json<HelpContent>();
    for (const video of videos) {
      for (const role of ['customer', 'editor', 'qa', 'helper', 'lead'] as const) {
        const res = await get(a[role].token, video.url);
        expect(res.statusCode, `${role} ${video.title}`).toBe(200);
        expect(res.headers['content-type']).toBe('video/mp4');
        expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
        // The index before the frames, so the help page starts playing before the whole file arrives.
        expect(res.rawPayload.indexOf('moov')).toBeLessThan(res.rawPayload.indexOf('mdat'));
        expect(res.rawPayload.length).toBeLessThan(1.5 * 1_048_576);
      }
      expect((await get(null, video.url)).statusCode).toBe(401);
    }
    const committed = Object.values(HELP_CLIPS).map((f) => fs.statSync(path.join(DEMO_MEDIA_DIR, f)).size);
    expect(committed.reduce((x, y) => x + y, 0)).toBeLessThan(3 * 1_048_576);
  });
});
