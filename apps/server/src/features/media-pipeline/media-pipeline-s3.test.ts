import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinkFakes } from '../../test/link-fakes.js';
import { startS3rverProcess } from '../../test/s3rver-process.js';
import { deliverMaster } from './master-delivery.js';
import { pipelineFixture, probeStreams, proresMov, type PipelineFixture } from './test-kit.js';

const BUCKET = 'cutroom-media';
let s3: Awaited<ReturnType<typeof startS3rverProcess>>;
let f: PipelineFixture;
beforeAll(async () => {
  // A real S3-compatible server in its own process: the worker streams the source from it and stores its outputs there.
  s3 = await startS3rverProcess(BUCKET);
  f = await pipelineFixture({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    LINK_IMPORT_ALLOW_LOOPBACK: 'true',
  });
}, 60_000);
afterAll(async () => {
  await f?.t.close();
  await s3?.stop();
});

describe('the media pipeline on S3', () => {
  it('makes a ProRes delivery ready, its files read through signed links by those who may see the card', async () => {
    const { cardId, assetId } = await f.deliver('Final cut.mov', await proresMov());
    expect(await f.drain()).toBe(1);
    const media = await f.media(cardId);
    expect(media).toMatchObject({ status: 'ready', fps_rational: '25/1', frame_count: 50, video_codec: 'prores' });

    const proxy = await f.read(media!.proxies[0]!.url, f.a.customer.token);
    expect(proxy).toMatchObject({ status: 200, type: 'video/mp4' });
    expect((await probeStreams(proxy.body)).find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      nb_read_packets: '50',
    });
    const vtt = await f.read(media!.sprite_url!, f.a.customer.token);
    expect(vtt.body.toString('utf8')).toContain('sprite-0.jpg#xywh=0,0,160,90');
    const sprite = await f.read(`/api/media/assets/${assetId}/sprite-0.jpg`, f.a.customer.token);
    expect(sprite).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect((await f.read(media!.poster_url!, f.a.customer2.token)).status).toBe(404);
  }, 90_000);

  it('fails a truncated upload with a reason', async () => {
    const prores = await proresMov();
    const { cardId } = await f.deliver('short.mov', prores.subarray(0, prores.length >> 1));
    await f.drain();
    expect(await f.media(cardId)).toMatchObject({ status: 'failed', proxies: [] });
  }, 60_000);

  it('prepares a 110 MB master uploaded in parts and delivered by upload_id (issue 49)', async () => {
    const { started, video } = await deliverMaster(f);
    expect(started.part_count).toBe(7);
    expect(video.media).toMatchObject({ status: 'ready', video_codec: 'prores', frame_count: 50 });
  }, 180_000);

  it('fetches a delivery link into the bucket and prepares it (issue 49)', async () => {
    const fake = await startLinkFakes(await proresMov());
    try {
      const cardId = await f.moveToQa({ done_video_link: `${fake.origin}/media/chunked.mp4` });
      expect(await f.drain()).toBe(1);
      expect(await f.media(cardId)).toMatchObject({ status: 'ready', importing: false, video_codec: 'prores' });
    } finally {
      await fake.close();
    }
  }, 90_000);
});
