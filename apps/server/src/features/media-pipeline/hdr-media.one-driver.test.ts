import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from './ffmpeg.js';
import { HDR_PATCH, hdrClip } from './hostile-clips.js';
import { pipelineFixture, probeStreams, tools, type PipelineFixture } from './test-kit.js';

let f: PipelineFixture;
beforeAll(async () => {
  f = await pipelineFixture();
}, 60_000);
afterAll(() => f?.t.close());

/** The average colour of a video's first frame (or an image) as 8-bit RGB. */
async function averageRgb(content: Buffer): Promise<number[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-rgb-'));
  const file = path.join(dir, 'in');
  fs.writeFileSync(file, content);
  try {
    const args = ['-v', 'error', '-i', file, '-frames:v', '1', '-vf', 'scale=1:1:flags=area,format=rgb24'];
    const { stdout } = await runTool(tools.ffmpeg, [...args, '-f', 'rawvideo', 'pipe:1'], {
      timeoutMs: 30_000,
      collectStdout: true,
    });
    return [...stdout.subarray(0, 3)];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const furthest = (a: number[], b: readonly number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

describe.each([
  ['HLG ProRes from a phone', 'arib-std-b67', 'hlg.mov'],
  ['PQ (HDR10) HEVC', 'smpte2084', 'pq.mp4'],
] as const)('%s', (_label, transfer, name) => {
  it('gets BT.709 SDR 8-bit 4:2:0 proxies, poster and frames in the colours it was graded in, not washed out', async () => {
    const clip = await hdrClip(transfer);
    // The clip is what the test says: HDR, and a plain 8-bit copy of it is far from the graded colour.
    expect((await probeStreams(clip))[0]).toMatchObject({ color_transfer: transfer, color_primaries: 'bt2020' });
    expect(furthest(await averageRgb(clip), HDR_PATCH.rgb)).toBeGreaterThan(40);

    const { cardId } = await f.deliver(name, clip);
    expect(await f.drain()).toBe(1);
    const media = (await f.media(cardId))!;
    expect(media.status).toBe('ready');
    const proxy = await f.read(media.proxies[0]!.url, f.a.qa.token);
    expect((await probeStreams(proxy.body)).find((s) => s.codec_type === 'video')).toMatchObject({
      pix_fmt: 'yuv420p',
      profile: 'High',
      color_transfer: 'bt709',
      color_primaries: 'bt709',
      color_space: 'bt709',
    });
    // Within a few code values of the SDR colour the HDR was made from (zimg's releases and PQ's knee move it a little).
    expect(furthest(await averageRgb(proxy.body), HDR_PATCH.rgb)).toBeLessThanOrEqual(16);
    const poster = await f.read(media.poster_url!, f.a.qa.token);
    expect(furthest(await averageRgb(poster.body), HDR_PATCH.rgb)).toBeLessThanOrEqual(18);
    const frame = await f.read(`/api/media/assets/${media.proxies[0]!.url.split('/')[4]}/frame?t=0.5`, f.a.qa.token);
    expect(frame.status).toBe(200);
    expect(furthest(await averageRgb(frame.body), HDR_PATCH.rgb)).toBeLessThanOrEqual(18);
  }, 120_000);
});
