import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AI_FAILURES, CAPTIONS_MSG, fill } from '@cutroom/domain';
import type { CaptionView } from '@cutroom/domain/schemas';
import { captionTracks } from '../../db/schema.js';
import { bearer } from '../../test/helpers.js';
import { makeClip, pipelineFixture, type PipelineFixture } from './test-kit.js';
import { queueTranscripts, runNextTranscriptJob, segmentsToCues } from './transcribe-job.js';

// Transcription (issue 53) against a loopback fake of the OpenAI-compatible endpoint: the only outside service faked.
interface Call {
  contentType: string;
  body: string;
  bytes: number;
}
const calls: Call[] = [];
/** What the fake answers next: a status, or null for a transcript of the part it was sent. */
const script: (number | null)[] = [];
let fake: http.Server;
let f: PipelineFixture;
let clip: Buffer;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      calls.push({ contentType: req.headers['content-type'] ?? '', body: body.toString('latin1'), bytes: body.length });
      const status = req.url === '/v1/audio/transcriptions' ? (script.shift() ?? null) : 404;
      if (status !== null) {
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
        return;
      }
      const part = calls.length;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          language: 'english',
          duration: 2,
          segments: [
            { id: 0, start: 0.2, end: 1.1, text: ` Part ${part} begins` },
            { id: 1, start: 1.1, end: 1.9, text: ' <i>and</i> ends ' },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  f = await pipelineFixture({ AI_BASE_URL: base, AI_MODEL: 'toolbox-model', AI_TRANSCRIBE_PART_BYTES: '12000' });
  clip = await makeClip('talk.mp4', [
    ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:d=8:r=25', '-f', 'lavfi', '-i', 'sine=f=440:d=8'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'mp4'],
  ]);
}, 180_000);
afterAll(async () => {
  await f?.t.close();
  await new Promise((resolve) => fake?.close(resolve));
});

const captions = async (cardId: number) =>
  (
    await f.t.app.inject({ method: 'GET', url: `/api/card/${cardId}/captions`, headers: bearer(f.a.customer.token) })
  ).json<{ captions: CaptionView[]; transcription: boolean }>();
/** The track's retry is due now, as if its wait had passed. */
const dueNow = (trackId: number) =>
  f.t.database.db
    .update(captionTracks)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(captionTracks.id, trackId));

describe('transcription of a delivered video', () => {
  it('sends the sound in parts as multipart, retries a rate limit, and keeps the segments as cues on the video’s clock', async () => {
    const { cardId } = await f.deliver('talk.mp4', clip);
    await f.drain();
    await queueTranscripts(f.worker);
    await queueTranscripts(f.worker);
    const queued = await captions(cardId);
    expect(queued.transcription).toBe(true);
    expect(queued.captions).toHaveLength(1);
    expect(queued.captions[0]).toMatchObject({ source: 'transcript', status: 'queued', language: 'und', cues: [] });
    const trackId = queued.captions[0]!.caption_id;

    // The first call is rate limited: said on the card, tried again later.
    script.push(429);
    expect(await runNextTranscriptJob(f.worker)).toBe(true);
    const waiting = (await captions(cardId)).captions[0]!;
    expect(waiting.status).toBe('queued');
    expect(waiting.error).toBe(fill(CAPTIONS_MSG.transcriptionFailed, { reason: AI_FAILURES.AI_RATE_LIMITED }));
    expect(await runNextTranscriptJob(f.worker)).toBe(false);

    calls.length = 0;
    await dueNow(trackId);
    expect(await runNextTranscriptJob(f.worker)).toBe(true);
    // 8 s of 32 kb/s sound is about 32 kB: more than one part of 12 kB, each under it.
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      expect(call.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(call.body).toContain('name="model"\r\n\r\nwhisper-1');
      expect(call.body).toContain('name="response_format"\r\n\r\nverbose_json');
      expect(call.body).toMatch(/name="file"; filename="audio\.m4a"/);
      expect(call.bytes).toBeLessThan(12_000 + 2_000);
    }
    const done = (await captions(cardId)).captions[0]!;
    expect(done).toMatchObject({ status: 'ready', language: 'en', error: null });
    expect(done.cues).toHaveLength(calls.length * 2);
    const part = 8 / calls.length;
    expect(done.cues[0]).toMatchObject({ n: 1, start: 0.2, end: 1.1, text: 'Part 1 begins' });
    expect(done.cues[1]).toMatchObject({ text: 'and ends' });
    expect(done.cues[2]!.start).toBeCloseTo(part + 0.2, 2);
    const found = await f.t.app.inject({
      method: 'GET',
      url: `/api/card/${cardId}/captions/search?q=part%202`,
      headers: bearer(f.a.editor.token),
    });
    expect(found.json<{ matches: { cue: number }[] }>().matches).toEqual([expect.objectContaining({ cue: 3 })]);
  }, 120_000);

  it('ends with the refusal said on the card when the endpoint refuses, and never sends a video twice', async () => {
    const { cardId } = await f.deliver('talk-2.mp4', clip);
    await f.drain();
    await queueTranscripts(f.worker);
    script.push(400);
    expect(await runNextTranscriptJob(f.worker)).toBe(true);
    const failed = (await captions(cardId)).captions[0]!;
    expect(failed).toMatchObject({ status: 'failed', cues: [] });
    expect(failed.error).toBe(fill(CAPTIONS_MSG.transcriptionFailed, { reason: AI_FAILURES.AI_REFUSED }));
    await queueTranscripts(f.worker);
    expect((await captions(cardId)).captions).toHaveLength(1);
  }, 120_000);

  it('keeps segments in order and apart, as plain text', () => {
    const cues = segmentsToCues([
      {
        offset: 0,
        segments: [
          { start: 0, end: 2, text: ' <b>Hi</b> ' },
          { start: 1.5, end: 3, text: 'there' },
        ],
      },
      {
        offset: 3,
        segments: [
          { start: 0, end: 0, text: 'empty time' },
          { start: 0.5, end: 1, text: '   ' },
        ],
      },
    ]);
    expect(cues).toEqual([
      { startMs: 0, endMs: 2000, text: 'Hi' },
      { startMs: 2000, endMs: 3000, text: 'there' },
    ]);
  });
});
