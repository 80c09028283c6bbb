import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CAPTION_ACTIVITY_EDITED, CAPTIONS_MSG, GUEST_COOKIE } from '@cutroom/domain';
import type { CaptionView } from '@cutroom/domain/schemas';
import { cardActivity, cardVideos, mediaAssets } from '../../db/schema.js';
import { bearer, injectAs, insertCard, seedWithSessions, type Cookies } from '../../test/helpers.js';
import { multipartBody, uploadBody } from '../../test/sample-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Caption tracks (issue 53): SRT and WebVTT in and out, one cue edited, search, and who may read them.
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
}, 60_000);
afterAll(() => t?.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t.app)(...args);

let made = 0;
/** A card of the customer (or another) in Review delivering one 12 s 1080×1920 video as version 1. */
async function cardWithVideo(clientId = a.customer.id) {
  const n = ++made;
  const card = await insertCard(t.database.db, {
    clientId,
    assignedQaId: a.qa.id,
    assignedTo: a.editor.id,
    cardStatus: 'done',
    cardTitle: `Captioned cut ${n}`,
  });
  const [asset] = await t.database.db
    .insert(mediaAssets)
    .values({
      sourceKey: `media/${clientId}/${n}-captioned.mp4`,
      status: 'ready',
      probe: {
        fpsNum: 25,
        fpsDen: 1,
        frameCount: 300,
        duration: 12,
        width: 1080,
        height: 1920,
        rotation: 0,
        videoCodec: 'h264',
        audioCodec: 'aac',
        audioChannels: 2,
        interlaced: false,
      },
    })
    .returning();
  await t.database.db.insert(cardVideos).values({
    cardId: card.id,
    kind: 'done',
    version: 0,
    videoUrl: `/files/media/${clientId}/${n}-captioned.mp4`,
    assetId: asset!.id,
  });
  return card.id;
}

/** POSTs a caption file as a browser's form does, the fields after the file to show the order doesn't matter. */
function upload(
  cardId: number,
  content: string | Buffer,
  token = a.customer.token,
  fields: Record<string, string> = {},
) {
  const body = multipartBody([
    { field: 'file', fileName: 'captions.srt', type: 'application/x-subrip', content },
    ...Object.entries({ video_version: '0', language: 'en', ...fields }).map(([field, value]) => ({
      field,
      content: value,
    })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/card/${cardId}/captions`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const SRT = [
  '\uFEFF1',
  '00:00:01,000 --> 00:00:02,500',
  'Welcome to the <b>spring</b> launch',
  '',
  '2',
  '00:00:03,250 --> 00:00:05,125',
  'Two lines',
  'in one cue',
  '',
  '3',
  '00:00:06,001 --> 00:00:07,999',
  '<script>alert(1)</script>Café & co',
  '',
].join('\r\n');

describe('caption tracks', () => {
  it('keeps an SRT file as cues and gives them back as WebVTT and SRT, to the millisecond', async () => {
    const cardId = await cardWithVideo();
    const reply = await upload(cardId, SRT);
    expect(reply.statusCode, reply.body).toBe(201);
    const { caption } = reply.json<{ caption: CaptionView }>();
    expect(caption).toMatchObject({ video_version: 0, language: 'en', source: 'upload', status: 'ready', qc: null });
    expect(caption.cues).toEqual([
      { n: 1, start: 1, end: 2.5, text: 'Welcome to the spring launch', settings: null },
      { n: 2, start: 3.25, end: 5.125, text: 'Two lines\nin one cue', settings: null },
      { n: 3, start: 6.001, end: 7.999, text: 'alert(1)Café & co', settings: null },
    ]);

    const vtt = await inject('GET', caption.vtt_url, a.customer.token);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toMatch(/^WEBVTT\n/);
    expect(vtt.body).toContain('00:00:06.001 --> 00:00:07.999\nalert(1)Café &amp; co');
    expect(vtt.body).not.toContain('<script>');
    const srt = await inject('GET', caption.srt_url, a.qa.token);
    expect(srt.statusCode).toBe(200);
    expect(srt.body).toContain('2\n00:00:03,250 --> 00:00:05,125\nTwo lines\nin one cue');

    // Staff see caption QC against the 9:16 frame; the customer doesn't.
    const staff = await inject('GET', `/api/card/${cardId}/captions?video_version=0`, a.qa.token);
    expect(staff.json<{ captions: CaptionView[] }>().captions[0]!.qc).not.toBeNull();
    const list = await inject('GET', `/api/card/${cardId}/captions`, a.customer.token);
    expect(list.json()).toMatchObject({ transcription: false, captions: [{ caption_id: caption.caption_id }] });
  });

  it('reads a WebVTT file with cue settings, and refuses bad files naming their lines, keeping nothing', async () => {
    const cardId = await cardWithVideo();
    const vtt = 'WEBVTT\n\nNOTE a note\n\nintro\n00:01.000 --> 00:02.000 line:10% align:start\n<v Ana>Hello</v>\n';
    const ok = await upload(cardId, vtt, a.editor.token, { language: 'pt-BR' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ caption: CaptionView }>().caption.cues[0]).toMatchObject({ text: 'Hello', start: 1, end: 2 });
    expect(ok.json<{ caption: CaptionView }>().caption.cues[0]!.settings).toContain('line:10%');

    const refusals: [string | Buffer, RegExp][] = [
      ['1\n00:00:05,000 --> 00:00:04,000\nBackwards\n', /^Line 2: /],
      ['1\n00:00:01,000 --> 00:00:03,000\nA\n\n2\n00:00:02,000 --> 00:00:04,000\nB\n', /^Line \d+: /],
      ['1\n00:00:11,000 --> 00:00:20,000\nPast the end\n', /^Line 2: .*end of the video/],
      ['Just some words, not captions\n', /./],
      [Buffer.from([0, 1, 2, 255, 254, 0]), /./],
      [
        Array.from({ length: 100_000 }, (_, i) => `${i + 1}\n00:00:00,000 --> 00:00:00,001\nx\n`).join('\n'),
        /at most 2 MB/,
      ],
      [
        Array.from(
          { length: 6_000 },
          (_, i) =>
            `00:00:${String(i % 60).padStart(2, '0')}.000 --> 00:00:${String(i % 60).padStart(2, '0')}.001\nx\n`,
        ).join('\n'),
        /5,000 cues/,
      ],
    ];
    for (const [content, message] of refusals) {
      const reply = await upload(cardId, content);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ error_message: string }>().error_message).toMatch(message);
    }
    const list = await inject('GET', `/api/card/${cardId}/captions`, a.customer.token);
    expect(list.json<{ captions: CaptionView[] }>().captions).toHaveLength(1);

    const noFile = await upload(cardId, SRT, a.customer.token, { video_version: '3' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ error_message: string }>().error_message).toBe(
      CAPTIONS_MSG.noVideo.replace('{version}', '4').replace('{number}', '1'),
    );
    const badLanguage = await upload(cardId, SRT, a.customer.token, { language: 'english please' });
    expect(badLanguage.statusCode).toBe(400);
  }, 30_000);

  it('edits one cue in place, between its neighbours, and says so in the card activity', async () => {
    const cardId = await cardWithVideo();
    const { caption } = (await upload(cardId, SRT)).json<{ caption: CaptionView }>();
    const url = `/api/card/${cardId}/captions/${caption.caption_id}/cues/2`;
    const edited = await inject('PUT', url, a.customer.token, { text: 'Two <i>lines</i>', start: 3, end: 5.5 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ caption: CaptionView }>().caption.cues[1]).toMatchObject({
      text: 'Two lines',
      start: 3,
      end: 5.5,
    });

    const overlap = await inject('PUT', url, a.qa.token, { text: 'x', start: 2, end: 4 });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<{ error_message: string }>().error_message).toBe(CAPTIONS_MSG.overlaps);
    const reversed = await inject('PUT', url, a.qa.token, { text: 'x', start: 4, end: 3.5 });
    expect(reversed.statusCode).toBe(400);
    const missing = await inject('PUT', `/api/card/${cardId}/captions/${caption.caption_id}/cues/9`, a.qa.token, {
      text: 'x',
      start: 20,
      end: 21,
    });
    expect(missing.statusCode).toBe(404);

    const activity = await t.database.db.select().from(cardActivity).where(eq(cardActivity.cardId, cardId));
    expect(activity.filter((r) => r.toStatus === CAPTION_ACTIVITY_EDITED)).toHaveLength(1);
  });

  it('finds words in every track of the card, without minding case or accents', async () => {
    const cardId = await cardWithVideo();
    const { caption } = (await upload(cardId, SRT)).json<{ caption: CaptionView }>();
    const search = (q: string) =>
      inject('GET', `/api/card/${cardId}/captions/search?q=${encodeURIComponent(q)}`, a.editor.token);
    const found = await search('CAFE');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      matches: [
        {
          caption_id: caption.caption_id,
          video_version: 0,
          cue: 3,
          time_in: 6.001,
          time_out: 7.999,
          text: 'alert(1)Café & co',
        },
      ],
    });
    expect((await search('100%')).json()).toEqual({ matches: [] });
    expect((await search('')).statusCode).toBe(400);
  });

  it('is read by exactly those who see the card: another customer, another card and its guest get 404', async () => {
    const cardId = await cardWithVideo();
    const { caption } = (await upload(cardId, SRT)).json<{ caption: CaptionView }>();
    const other = await cardWithVideo(a.customer2.id);
    for (const url of [
      `/api/card/${cardId}/captions`,
      caption.vtt_url,
      caption.srt_url,
      `/api/card/${cardId}/captions/search?q=spring`,
      // Another card's id with this track's id: the track is not that card's.
      `/api/card/${other}/captions/${caption.caption_id}/vtt`,
    ]) {
      const reply = await inject('GET', url, a.customer2.token);
      expect(reply.statusCode, url).toBe(404);
    }
    const edit = await inject('PUT', `/api/card/${cardId}/captions/${caption.caption_id}/cues/1`, a.customer2.token, {
      text: 'Mine now',
      start: 1,
      end: 2,
    });
    expect(edit.statusCode).toBe(404);

    // A guest of this card reads its tracks; a guest of the other card doesn't.
    const guestOf = async (id: number, owner: string): Promise<Cookies> => {
      const link = await inject('POST', `/api/card/${id}/guestLinks`, owner, {});
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/guest/open',
        payload: { token: link.json<{ token: string }>().token, name: 'Ana' },
      });
      return { [GUEST_COOKIE]: opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value };
    };
    const guest = await guestOf(cardId, a.customer.token);
    const theirs = await inject('GET', '/api/guest/captions?video_version=0', guest);
    expect(theirs.statusCode).toBe(200);
    const track = theirs.json<{ captions: CaptionView[] }>().captions[0]!;
    expect(track.vtt_url).toBe(`/api/guest/captions/${caption.caption_id}/vtt`);
    expect(track.qc).toBeNull();
    expect((await inject('GET', track.vtt_url, guest)).body).toMatch(/^WEBVTT/);
    const stranger = await guestOf(other, a.customer2.token);
    expect((await inject('GET', track.vtt_url, stranger)).statusCode).toBe(404);
    expect((await inject('GET', track.vtt_url, {})).statusCode).toBe(401);
  });

  it("reads the card's subtitles file (the spec's srt_file) as a track of the latest version, once per file", async () => {
    const cardId = await cardWithVideo();
    const store = async (content: string) => {
      const body = uploadBody('launch.srt', 'application/x-subrip', content, 'subtitles');
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...bearer(a.qa.token), ...body.headers },
        payload: body.payload,
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json<{ url: string }>().url;
    };
    const setFile = (url: string) => inject('POST', `/api/card/${cardId}/srtFile`, a.qa.token, { srt_file: url });
    const tracks = async () =>
      (await inject('GET', `/api/card/${cardId}/captions`, a.customer.token)).json<{ captions: CaptionView[] }>()
        .captions;

    const url = await store(SRT);
    expect((await setFile(url)).statusCode).toBe(200);
    expect((await setFile(url)).statusCode).toBe(200);
    const made = await tracks();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ language: 'und', source: 'upload', video_version: 0 });
    expect(made[0]!.cues.map((c) => c.text)).toEqual([
      'Welcome to the spring launch',
      'Two lines\nin one cue',
      'alert(1)Café & co',
    ]);
    // A file that isn't captions is still the card's file, and makes no track; a link elsewhere neither.
    expect((await setFile(await store('1\n00:00:05,000 --> 00:00:04,000\nBackwards\n'))).statusCode).toBe(200);
    expect((await setFile('https://example.com/c.srt')).statusCode).toBe(200);
    expect(await tracks()).toHaveLength(1);
  });
});
