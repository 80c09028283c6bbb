import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMaster } from './master-delivery.js';
import { pipelineFixture, probeStreams, type PipelineFixture } from './test-kit.js';

let f: PipelineFixture;
beforeAll(async () => {
  f = await pipelineFixture();
}, 60_000);
afterAll(() => f?.t.close());

describe('a master over 100 MB delivered by upload_id (issue 49)', () => {
  it('goes onto the card in parts and is prepared like any delivery', async () => {
    const { started, detail, video } = await deliverMaster(f);
    expect(started.part_count).toBe(7);
    expect(detail.done_video_link).toBe(`http://localhost:3000/files/${started.key}`);
    expect(video.media).toMatchObject({ status: 'ready', video_codec: 'prores', frame_count: 50 });
    const proxy = await f.read(video.media!.proxies[0]!.url, f.a.customer.token);
    expect((await probeStreams(proxy.body)).find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      nb_read_packets: '50',
    });
    // The master itself plays from the card's link for the card's viewers.
    const master = await f.t.app.inject({
      method: 'GET',
      url: `/files/${started.key}`,
      headers: { authorization: `Bearer ${f.a.qa.token}`, range: 'bytes=0-15' },
    });
    expect(master.statusCode).toBe(206);
  }, 180_000);
});
