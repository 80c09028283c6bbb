import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { cardNotes, cardVideos, mediaAssets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { parseCsv } from '../../test/csv.js';
import { MARKER_FRAME_RATE_KEYS, seekTimeOfFrame } from '@cutroom/domain';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let cardId: number;

// The notes, as people left them; the files list them by time, so the note at 20 s below comes second.
const NOTES = [
  { seconds: 3, note: '@VT{3} Cut the intro & the "um" <here>', done: false, author: 'customer' },
  { seconds: 75, note: '@VT{75} Music too loud | lower it, see @VT{80}', done: true, author: 'customer' },
  { seconds: 3_600, note: '@VT{3600} Last frame\nof the hour\u0007', done: false, author: 'qa' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  const card = await insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    cardTitle: 'Spring launch: teaser!',
  });
  cardId = card.id;
  const row = (authorId: number, note: string, extra: Partial<typeof cardNotes.$inferInsert> = {}) => ({
    cardId,
    chat: 'customer' as const,
    note,
    authorId,
    ...extra,
  });
  await t.database.db
    .insert(cardNotes)
    .values([
      ...NOTES.map((n) => row(a[n.author].id, n.note, { videoTime: n.seconds, isComplete: n.done, videoNumber: 1 })),
      row(a.customer.id, 'No time on this one'),
      row(a.customer.id, '@VT{10} Deleted, so not exported', { videoTime: 10, isDeleted: true }),
      row(a.editor.id, '@VT{20} On the second version', { videoTime: 20, videoNumber: 2 }),
      row(a.qa.id, '@VT{30} Team only', { videoTime: 30, chat: 'team' }),
    ]);
});
afterAll(() => t.close());

const get = (query: string, token = a.admin.token, id = cardId) =>
  t.app.inject({ method: 'GET', url: `/api/card/${id}/markers?${query}`, headers: bearer(token) });

/** Timecode HH:MM:SS:FF at `base` frames a second, read back into a frame count. */
const framesOf = (tc: string, base: number) => {
  const [h, m, s, f] = tc.split(':').map(Number) as [number, number, number, number];
  return ((h * 60 + m) * 60 + s) * base + f;
};
/** FCPXML's rational time ("1001/30000s", "5s") in seconds. */
const secondsOf = (time: string) => {
  const [num, den = '1'] = time.replace(/s$/, '').split('/');
  return Number(num) / Number(den);
};

/** A CMX 3600 reading: events, and the Resolve marker comment under each. */
function parseEdl(body: string) {
  const lines = body.split(/\r?\n/);
  const events: { record: string; comment: string }[] = [];
  for (const line of lines) {
    const event =
      /^(\d{3})\s+(\S+)\s+V\s+C\s+(\d\d:\d\d:\d\d:\d\d) (\d\d:\d\d:\d\d:\d\d) (\d\d:\d\d:\d\d:\d\d) (\d\d:\d\d:\d\d:\d\d)/.exec(
        line,
      );
    if (event) events.push({ record: event[5]!, comment: '' });
    else if (line.startsWith(' |C:')) events.at(-1)!.comment = line;
  }
  return { title: lines[0], fcm: lines[1], events };
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'marker',
});

describe('GET /api/card/:id/markers', () => {
  it('writes an EDL that Resolve reads as markers, to the frame at 29.97 NDF from 01:00:00:00', async () => {
    const res = await get('format=edl&fps=29.97');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Spring-launch-teaser-notes.edl"');
    const edl = parseEdl(res.body);
    expect(edl.fcm).toBe('FCM: NON-DROP FRAME');
    // 29.97 fps: the frame on screen at a second is floor(seconds × 30000 / 1001) (3 s shows frame 89, which
    // started at 2.970 s), counted from 01:00:00:00 = 108,000 frames at timebase 30.
    expect(edl.events.map((e) => framesOf(e.record, 30) - 108_000)).toEqual([89, 599, 2247, 107_892]);
    expect(edl.events.map((e) => e.record)).toEqual(['01:00:02:29', '01:00:19:29', '01:01:14:27', '01:59:56:12']);
    expect(edl.events[0]!.comment).toBe(' |C:ResolveColorRed |M:Cleo Creator: Cut the intro & the "um" <here> |D:1');
    // Done notes are green, a pipe can't split Resolve's fields, and other timecodes read as m:ss.
    expect(edl.events[2]!.comment).toBe(
      ' |C:ResolveColorGreen |M:Cleo Creator: Music too loud / lower it, see 1:20 |D:1',
    );
    expect(edl.events[3]!.comment).toContain('|M:Quinn Checker: Last frame of the hour |D:1');
  });

  it('writes FCPXML 1.10 with to-do markers at whole frames of the chosen rate', async () => {
    const res = await get('format=fcpxml&fps=25&start=00:00:00:00');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = xmlParser.parse(res.body);
    expect(doc.fcpxml.version).toBe('1.10');
    expect(doc.fcpxml.resources.format.frameDuration).toBe('1/25s');
    const sequence = doc.fcpxml.library.event.project.sequence;
    const gap = sequence.spine.gap;
    const markers = gap.marker as { start: string; duration: string; value: string; note: string; completed: string }[];
    expect(markers.map((m) => secondsOf(m.start) * 25)).toEqual([75, 500, 1875, 90_000]);
    expect(markers.map((m) => m.completed)).toEqual(['0', '0', '1', '0']);
    expect(markers[0]).toMatchObject({
      duration: '1/25s',
      value: 'Cut the intro & the "um" <here>',
      note: 'Cleo Creator',
    });
    // The gap runs a second past the last marker.
    expect(secondsOf(gap.duration)).toBe(3_601);
  });

  it('keeps FCPXML times on frame boundaries at NTSC rates', async () => {
    const doc = xmlParser.parse((await get('format=fcpxml&fps=23.976')).body);
    const frame = 1001 / 24_000;
    const starts = (doc.fcpxml.library.event.project.sequence.spine.gap.marker as { start: string }[]).map((m) =>
      secondsOf(m.start),
    );
    for (const start of starts) expect(Math.abs(start / frame - Math.round(start / frame))).toBeLessThan(1e-6);
    // 01:00:00:00 at timebase 24 is frame 86,400; at 3 s frame 71 shows (2.961 s to 3.003 s).
    expect(starts.map((s) => Math.round(s / frame) - 86_400)).toEqual([71, 479, 1798, 86_313]);
  });

  it('writes a Premiere Pro XML sequence with its markers in frames and the NTSC flag', async () => {
    const doc = xmlParser.parse((await get('format=premiere&fps=59.94')).body);
    const sequence = doc.xmeml.sequence;
    expect(doc.xmeml.version).toBe('4');
    expect(sequence.rate).toEqual({ timebase: 60, ntsc: 'TRUE' });
    expect(sequence.timecode.string).toBe('01:00:00:00');
    const markers = sequence.marker as { name: string; comment: string; in: number; out: number }[];
    expect(markers.map((m) => m.in)).toEqual([179, 1198, 4495, 215_784]);
    expect(markers[2]).toMatchObject({ out: -1, comment: 'Cleo Creator (done): Music too loud | lower it, see 1:20' });
  });

  it("writes Premiere Pro's marker list as CSV, and leaves done notes out when asked", async () => {
    const res = await get('format=csv&fps=24&include_done=false&note_for_video_number=1');
    const csv = parseCsv(res.body);
    expect(csv.header).toBe('Marker Name,Description,In,Out,Duration,Marker Type');
    expect(csv.rows).toEqual([
      // One frame long, as in the EDL (issue 54): Out is the frame after In, Duration one frame.
      ['Cleo Creator', 'Cut the intro & the "um" <here>', '01:00:03:00', '01:00:03:01', '00:00:00:01', 'Comment'],
      ['Quinn Checker', 'Last frame of the hour', '02:00:00:00', '02:00:00:01', '00:00:00:01', 'Comment'],
    ]);
  });

  it("exports the team chat to staff only, and a card the caller can't see is not there", async () => {
    const team = await get('format=csv&chat=team', a.qa.token);
    expect(parseCsv(team.body).rows.map((r) => r[1])).toEqual(['Team only']);
    expect((await get('format=csv&chat=team', a.customer.token)).statusCode).toBe(404);
    expect((await get('format=csv', a.customer2.token)).statusCode).toBe(404);
    expect((await get('format=csv', a.customer.token)).statusCode).toBe(200);
    expect((await get('format=csv', a.customer.token, 999_999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/card/${cardId}/markers?format=csv` })).statusCode).toBe(401);
  });

  it('places a note on its frame at every frame rate offered', async () => {
    // Exact rates written out here, apart from the domain's table: NTSC ones are n × 1000/1001.
    const rates: Record<string, [number, number]> = {
      '23.976': [24, 24_000 / 1_001],
      '24': [24, 24],
      '25': [25, 25],
      '29.97': [30, 30_000 / 1_001],
      '30': [30, 30],
      '50': [50, 50],
      '59.94': [60, 60_000 / 1_001],
      '60': [60, 60],
    };
    expect(Object.keys(rates).sort()).toEqual([...MARKER_FRAME_RATE_KEYS].sort());
    for (const [fps, [timebase, exact]] of Object.entries(rates)) {
      const edl = parseEdl((await get(`format=edl&fps=${fps}&start=00:00:00:00`)).body);
      expect({ fps, frames: edl.events.map((e) => framesOf(e.record, timebase)) }).toEqual({
        fps,
        // The frame on screen at each second (a hair of slack for the float product of an exact frame start).
        frames: [3, 20, 75, 3_600].map((t) => Math.floor(t * exact + 1e-6)),
      });
    }
  });

  it('refuses a format, frame rate or start it does not know', async () => {
    for (const query of ['format=avi', 'format=edl&fps=31', 'format=edl&start=10:00:00:00', 'fps=25']) {
      const res = await get(query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('writes a valid empty file for a card without timed notes', async () => {
    const empty = await insertCard(t.database.db, { clientId: a.customer.id, cardTitle: '???' });
    const res = await get('format=fcpxml', a.admin.token, empty.id);
    expect(res.headers['content-disposition']).toBe('attachment; filename="card-notes.fcpxml"');
    const doc = xmlParser.parse(res.body);
    expect(doc.fcpxml.library.event.project.sequence.spine.gap.marker).toBeUndefined();
  });
});

describe('markers over ranges, at the video’s own frame rate', () => {
  /** A card whose one video the media pipeline measured at `fps`, with a note at a frame and a range of frames. */
  async function cardAt(fps: [number, number]) {
    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardTitle: `At ${fps.join('/')}` });
    const [asset] = await t.database.db
      .insert(mediaAssets)
      .values({
        sourceKey: `uploads/markers/${card.id}.mp4`,
        status: 'ready',
        probe: {
          fpsNum: fps[0],
          fpsDen: fps[1],
          frameCount: 3_000,
          duration: (3_000 * fps[1]) / fps[0],
          width: 640,
          height: 360,
          rotation: 0,
          videoCodec: 'h264',
          audioCodec: null,
          audioChannels: 0,
          interlaced: false,
        },
      })
      .returning({ id: mediaAssets.id });
    await t.database.db.insert(cardVideos).values({
      cardId: card.id,
      kind: 'done',
      version: 0,
      videoUrl: `/files/uploads/markers/${card.id}.mp4`,
      assetId: asset!.id,
    });
    const rate = { num: fps[0], den: fps[1] };
    // Posted as the player does: the middle of frame 100, and frames 250 to 274 (25 frames, both ends shown).
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/card/${card.id}/comment`,
        headers: bearer(a.customer.token),
        payload: { note_for_video_number: 1, ...payload },
      });
    expect((await post({ note: 'One frame', time_in: seekTimeOfFrame(100, rate) })).statusCode).toBe(201);
    const range = await post({
      note: 'This stretch',
      time_in: seekTimeOfFrame(250, rate),
      time_out: seekTimeOfFrame(274, rate),
    });
    expect(range.statusCode, range.body).toBe(201);
    return card.id;
  }

  it.each([
    ['25', [25, 1], 25, 'FALSE'],
    ['29.97', [30_000, 1_001], 30, 'TRUE'],
    ['23.976', [24_000, 1_001], 24, 'TRUE'],
  ] as const)(
    'at %s fps: the frame of a note, a range as its length, and the rate left out is the video’s',
    async (_, fps, timebase, ntsc) => {
      const id = await cardAt([...fps]);
      const edl = parseEdl((await get('format=edl&start=00:00:00:00', a.admin.token, id)).body);
      expect(edl.events.map((e) => framesOf(e.record, timebase))).toEqual([100, 250]);
      expect(edl.events.map((e) => /\|D:(\d+)$/.exec(e.comment)?.[1])).toEqual(['1', '25']);

      const fcp = xmlParser.parse((await get('format=fcpxml&start=00:00:00:00', a.admin.token, id)).body);
      expect(fcp.fcpxml.resources.format.frameDuration).toBe(`${fps[1]}/${fps[0]}s`);
      const markers = fcp.fcpxml.library.event.project.sequence.spine.gap.marker as {
        start: string;
        duration: string;
      }[];
      const frame = fps[1] / fps[0];
      expect(markers.map((m) => Math.round(secondsOf(m.start) / frame))).toEqual([100, 250]);
      expect(markers.map((m) => Math.round(secondsOf(m.duration) / frame))).toEqual([1, 25]);

      const premiere = xmlParser.parse((await get('format=premiere', a.admin.token, id)).body).xmeml.sequence;
      expect(premiere.rate).toEqual({ timebase, ntsc });
      expect((premiere.marker as { in: number; out: number }[]).map((m) => [m.in, m.out])).toEqual([
        [100, -1],
        [250, 275],
      ]);

      const csv = parseCsv((await get('format=csv&start=00:00:00:00', a.admin.token, id)).body);
      const tc = (frames: number) =>
        [
          Math.floor(frames / timebase / 3_600),
          Math.floor(frames / timebase / 60) % 60,
          Math.floor(frames / timebase) % 60,
          frames % timebase,
        ]
          .map((n) => String(n).padStart(2, '0'))
          .join(':');
      expect(csv.rows.map((r) => r.slice(2, 5))).toEqual([
        [tc(100), tc(101), tc(1)],
        [tc(250), tc(275), tc(25)],
      ]);
      // A rate asked for wins over the video's own.
      const at60 = parseEdl((await get('format=edl&fps=60&start=00:00:00:00', a.admin.token, id)).body);
      expect(at60.events.map((e) => framesOf(e.record, 60))).toEqual([
        Math.floor((seekTimeOfFrame(100, { num: fps[0], den: fps[1] }) + 0.0005) * 60),
        Math.floor((seekTimeOfFrame(250, { num: fps[0], den: fps[1] }) + 0.0005) * 60),
      ]);
    },
  );

  it('falls back to 30 fps for a video the pipeline has not measured', async () => {
    const card = await insertCard(t.database.db, { clientId: a.customer.id, cardTitle: 'Linked' });
    await t.database.db
      .insert(cardNotes)
      .values({ cardId: card.id, chat: 'customer', note: '@VT{2} x', authorId: a.customer.id, videoTime: 2 });
    const premiere = xmlParser.parse((await get('format=premiere', a.admin.token, card.id)).body).xmeml.sequence;
    expect(premiere.rate).toEqual({ timebase: 30, ntsc: 'FALSE' });
    expect(premiere.marker[0].in).toBe(60);
  });
});

describe('markers of one version (issue 54)', () => {
  it("exports the notes made on the version asked for, at that version's own rate", async () => {
    const card = await insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id });
    const probe = (fpsNum: number) => ({
      fpsNum,
      fpsDen: 1,
      frameCount: 60 * fpsNum,
      duration: 60,
      width: 640,
      height: 360,
      rotation: 0,
      videoCodec: 'h264',
      audioCodec: null,
      audioChannels: 0,
      interlaced: false,
    });
    const delivered = [new Date('2026-04-10T10:00:00Z'), new Date('2026-04-12T10:00:00Z')];
    for (const [version, fps] of [30, 25].entries()) {
      const [asset] = await t.database.db
        .insert(mediaAssets)
        .values({ sourceKey: `media/${card.id}/v${version}.mp4`, status: 'ready', probe: probe(fps) })
        .returning({ id: mediaAssets.id });
      await t.database.db.insert(cardVideos).values({
        cardId: card.id,
        kind: 'done',
        version,
        videoUrl: `/files/media/${card.id}/v${version}.mp4`,
        assetId: asset!.id,
        createdAt: delivered[version]!,
      });
    }
    const note = (text: string, seconds: number, at: string, annotation: object | null = null) => ({
      cardId: card.id,
      chat: 'customer' as const,
      note: `@VT{${seconds}} ${text}`,
      authorId: a.customer.id,
      videoTime: seconds,
      timeIn: seconds + 0.5,
      createdAt: new Date(at),
      annotation,
    });
    await t.database.db.insert(cardNotes).values([
      note('On the first cut', 10, '2026-04-11T10:00:00Z'),
      note('On the second cut', 20, '2026-04-13T10:00:00Z'),
      // Drawn later, on the first version's frame: its drawing names the version.
      note('Drawn on the first cut', 30, '2026-04-14T10:00:00Z', {
        shape: 'rect',
        x: 0.1,
        y: 0.1,
        w: 0.2,
        h: 0.2,
        time: 30.5,
        version: 'version-0',
      }),
    ]);
    const rows = async (version: number) =>
      parseCsv((await get(`format=csv&start=00:00:00:00&video_version=${version}`, a.admin.token, card.id)).body).rows;
    // 10.5 s at the first cut's 30 fps is frame 315 (00:00:10:15); 20.5 s at the second's 25 fps, 00:00:20:12.
    expect((await rows(0)).map((r) => [r[1], r[2]])).toEqual([
      ['On the first cut', '00:00:10:15'],
      ['Drawn on the first cut', '00:00:30:15'],
    ]);
    expect((await rows(1)).map((r) => [r[1], r[2]])).toEqual([['On the second cut', '00:00:20:12']]);
    expect((await get('format=csv&video_version=-1', a.admin.token, card.id)).statusCode).toBe(400);
  });
});
