import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GUEST_COOKIE, MSG, fill } from '@cutroom/domain';
import type { NoteView } from '@cutroom/domain/schemas';
import { cardNotes, cardVideos, mediaAssets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

// Notes at exact moments and over ranges (issue 35), on the customer, team, helper and guest chats.
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let cardId: number;

/** A delivered video whose length and rate the media pipeline measured: 12.5 s at 25 fps. */
async function deliverProbed(card: number, version: number, duration: number, fps: [number, number]) {
  const [asset] = await t.database.db
    .insert(mediaAssets)
    .values({
      sourceKey: `uploads/test/${card}-${version}-${duration}.mp4`,
      status: 'ready',
      probe: {
        fpsNum: fps[0],
        fpsDen: fps[1],
        frameCount: Math.round((duration * fps[0]) / fps[1]),
        duration,
        width: 640,
        height: 360,
        rotation: 0,
        videoCodec: 'h264',
        audioCodec: 'aac',
        audioChannels: 2,
        interlaced: false,
      },
    })
    .returning({ id: mediaAssets.id });
  await t.database.db
    .insert(cardVideos)
    .values({ cardId: card, kind: 'done', version, videoUrl: `/files/uploads/test/${card}.mp4`, assetId: asset!.id });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  cardId = (
    await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
      assignedTo: a.editor.id,
      hasYoutubeHelper: true,
      ytHelperId: a.helper.id,
      ytCardStatus: 'inProgress',
    })
  ).id;
  await deliverProbed(cardId, 0, 12.5, [25, 1]);
});
afterAll(() => t.close());

const CHATS = {
  customer: { post: `/comment`, list: '/commentsV2', token: () => a.customer.token },
  team: { post: `/team/comment`, list: '/team/commentsV2', token: () => a.qa.token },
  yt: { post: 'yt', list: 'yt', token: () => a.helper.token },
} as const;
const url = (chat: keyof typeof CHATS, which: 'post' | 'list') =>
  chat === 'yt'
    ? `/api/ythelper/card/${cardId}/${which === 'post' ? 'comment' : 'commentsV2'}`
    : `/api/card/${cardId}${CHATS[chat][which]}`;
const post = (chat: keyof typeof CHATS, payload: object, token: string = CHATS[chat].token()) =>
  t.app.inject({ method: 'POST', url: url(chat, 'post'), headers: bearer(token), payload });
const noteCount = async () => (await t.database.db.select({ id: cardNotes.id }).from(cardNotes)).length;

describe('notes at exact moments', () => {
  it.each(['customer', 'team', 'yt'] as const)(
    'the %s chat keeps time_in to the millisecond, a range to time_out, and the spec tag in front',
    async (chat) => {
      const res = await post(chat, {
        note: 'Logo flickers here',
        time_in: 3.04449,
        time_out: 4.2,
        note_for_video_number: 1,
      });
      expect(res.statusCode, res.body).toBe(201);
      const note = res.json<{ note: NoteView }>().note;
      expect(note).toMatchObject({ time_in: 3.044, time_out: 4.2, video_time: 3, note: '@VT{3} Logo flickers here' });
      const listed = await t.app.inject({
        method: 'GET',
        url: url(chat, 'list'),
        headers: bearer(CHATS[chat].token()),
      });
      const found = listed
        .json<{ comments: { comments: NoteView[] } }>()
        .comments.comments.find((n) => n.note_id === note.note_id);
      expect(found).toMatchObject({ time_in: 3.044, time_out: 4.2 });
    },
  );

  it('replaces a leading tag that names another second, and leaves a note without time untimed', async () => {
    const retagged = await post('customer', { note: '@VT{9} Too dark', time_in: 5.5 });
    expect(retagged.json().note).toMatchObject({
      note: '@VT{5} Too dark',
      time_in: 5.5,
      time_out: null,
      video_time: 5,
    });
    // The helper chat's customer mark leads; a tag already naming that second stays where it is.
    const marked = await post('yt', { note: '@YT_CUS_CMNT{} @VT{5} Brighter thumbnail', time_in: 5.2 });
    expect(marked.json().note).toMatchObject({ note: '@YT_CUS_CMNT{} @VT{5} Brighter thumbnail', time_in: 5.2 });
    const plain = await post('customer', { note: 'General: love it' });
    expect(plain.json().note).toMatchObject({
      note: 'General: love it',
      time_in: null,
      time_out: null,
      video_time: null,
    });
  });

  it("reads a spec client's tag as the moment, fraction and all", async () => {
    const res = await post('customer', { note: '@VT{7.25} Cut here' });
    expect(res.json().note).toMatchObject({ time_in: 7.25, time_out: null, video_time: 7 });
  });

  it("puts a drawing at the note's moment, and a drawing sent without one at its own time", async () => {
    const box = { shape: 'rect', x: 0.1, y: 0.1, w: 0.2, h: 0.2, time: 1, version: 'version-0' };
    const timed = await post('customer', {
      note: 'This box',
      note_type: 'annotation',
      annotation: box,
      time_in: 2.02,
      time_out: 3,
    });
    expect(timed.json().note).toMatchObject({ time_in: 2.02, time_out: 3, video_time: 2, annotation: { time: 2.02 } });
    const old = await post('customer', {
      note: 'Old client',
      note_type: 'annotation',
      annotation: { ...box, time: 6.5 },
    });
    expect(old.json().note).toMatchObject({ time_in: 6.5, time_out: null, video_time: 6, annotation: { time: 6.5 } });
  });

  it('takes arrows and pen strokes in the offered colours, and refuses a shape without its points', async () => {
    const arrow = {
      shape: 'arrow',
      x: 0.1,
      y: 0.1,
      points: [
        [0.1, 0.1],
        [0.4, 0.5],
      ],
      color: 'yellow',
      time: 1,
    };
    const ok = await post('customer', { note: 'Look', note_type: 'annotation', annotation: arrow });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().note.annotation).toMatchObject({
      shape: 'arrow',
      points: [
        [0.1, 0.1],
        [0.4, 0.5],
      ],
      color: 'yellow',
    });
    const pen = {
      shape: 'pen',
      x: 0.2,
      y: 0.2,
      points: [
        [0.2, 0.2],
        [0.25, 0.3],
        [0.3, 0.2],
      ],
      color: 'white',
      time: 1,
    };
    expect((await post('customer', { note: 'Here', note_type: 'annotation', annotation: pen })).statusCode).toBe(201);

    const before = await noteCount();
    const bad: [object, string, string][] = [
      [{ ...arrow, points: [[0.1, 0.1]] }, 'annotation.points', MSG.arrowNeedsTwoPoints],
      [{ ...pen, points: [] }, 'annotation.points', MSG.penNeedsPoints],
      [{ ...pen, color: 'purple' }, 'annotation.color', ''],
      [
        {
          ...pen,
          points: [
            [1.2, 0.1],
            [0.1, 0.1],
          ],
        },
        'annotation.points',
        '',
      ],
    ];
    for (const [annotation, field, message] of bad) {
      const res = await post('customer', { note: 'x', note_type: 'annotation', annotation });
      expect({ status: res.statusCode, field: res.json().field?.startsWith(field) }).toEqual({
        status: 400,
        field: true,
      });
      if (message) expect(res.json().error_message).toBe(message);
    }
    expect(await noteCount()).toBe(before);
  });
});

describe('times that are refused', () => {
  it.each(['customer', 'team', 'yt'] as const)(
    'the %s chat answers 400 naming the field, and stores nothing',
    async (chat) => {
      const before = await noteCount();
      const cases: [object, string, string][] = [
        [{ time_in: -0.5 }, 'time_in', MSG.noteTimeNegative],
        [{ time_in: 86_401 }, 'time_in', MSG.noteTimeTooLate],
        [{ time_in: 'soon' }, 'time_in', ''],
        [{ time_in: 4, time_out: 4 }, 'time_out', MSG.noteRangeBackwards],
        [{ time_in: 4, time_out: 3.9 }, 'time_out', MSG.noteRangeBackwards],
        [{ time_out: 3 }, 'time_in', MSG.noteRangeNeedsStart],
        [{ time_in: 4, time_out: -1 }, 'time_out', MSG.noteTimeNegative],
        // The video is 12.5 s long (the media pipeline measured it).
        [
          { time_in: 12.6, note_for_video_number: 1 },
          'time_in',
          fill(MSG.noteTimeBeyondVideo, { duration: '0:12.500' }),
        ],
        [
          { time_in: 12, time_out: 13, note_for_video_number: 1 },
          'time_out',
          fill(MSG.noteTimeBeyondVideo, { duration: '0:12.500' }),
        ],
        [{ time_in: 20 }, 'time_in', fill(MSG.noteTimeBeyondVideo, { duration: '0:12.500' })],
      ];
      for (const [moment, field, message] of cases) {
        const res = await post(chat, { note: 'Bad moment', ...moment });
        expect({ moment, status: res.statusCode, field: res.json().field }).toEqual({ moment, status: 400, field });
        if (message) expect(res.json().error_message).toBe(message);
      }
      expect(await noteCount()).toBe(before);
      // The last frame is fine.
      expect((await post(chat, { note: 'Last frame', time_in: 12.48, time_out: 12.5 })).statusCode).toBe(201);
    },
  );

  it('does not check moments on a video whose length nobody measured', async () => {
    const linkOnly = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
    });
    await t.database.db
      .insert(cardVideos)
      .values({ cardId: linkOnly.id, kind: 'done', version: 0, videoUrl: 'https://www.dropbox.com/s/cut.mp4' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/card/${linkOnly.id}/comment`,
      headers: bearer(a.customer.token),
      payload: { note: 'Late', time_in: 5_000 },
    });
    expect(res.statusCode).toBe(201);
  });

  it('holds a note to the longest delivery of the video it names, across versions', async () => {
    const twoCuts = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'done',
      assignedQaId: a.qa.id,
    });
    await deliverProbed(twoCuts.id, 0, 30, [30_000, 1_001]);
    await deliverProbed(twoCuts.id, 1, 20, [30_000, 1_001]);
    const at = (time_in: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/card/${twoCuts.id}/comment`,
        headers: bearer(a.customer.token),
        payload: { note: 'On the first cut', time_in, note_for_video_number: 1 },
      });
    expect((await at(25)).statusCode).toBe(201);
    expect((await at(31)).statusCode).toBe(400);
  });
});

describe('the end of the video (issue 54)', () => {
  let endCard: number;
  const at = (payload: object, token = a.customer.token) =>
    t.app.inject({ method: 'POST', url: `/api/card/${endCard}/comment`, headers: bearer(token), payload });
  beforeAll(async () => {
    endCard = (await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'done', assignedQaId: a.qa.id }))
      .id;
    // 60.000 s at 30 fps: frames 0 to 1799. Its proxy's element reads 60.010 s at the end.
    await deliverProbed(endCard, 0, 60, [30, 1]);
  });

  it('moves a note, its range and its drawing from just past the end onto the last frame', async () => {
    const end = await at({ note: 'Hold the end card two seconds longer', time_in: 60.01, note_for_video_number: 1 });
    expect(end.statusCode, end.body).toBe(201);
    expect(end.json<{ note: NoteView }>().note).toMatchObject({
      time_in: 59.983,
      time_out: null,
      video_time: 59,
      note: '@VT{59} Hold the end card two seconds longer',
    });
    const range = await at({ note: 'The last second', time_in: 59, time_out: 60.01, note_for_video_number: 1 });
    expect(range.json<{ note: NoteView }>().note).toMatchObject({ time_in: 59, time_out: 59.983 });
    const drawn = await at({
      note: 'Circle the logo',
      note_type: 'annotation',
      time_in: 60.01,
      note_for_video_number: 1,
      annotation: { shape: 'rect', x: 0.1, y: 0.1, w: 0.2, h: 0.2, time: 60.01 },
    });
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(drawn.json<{ note: NoteView }>().note).toMatchObject({ time_in: 59.983, annotation: { time: 59.983 } });
  });

  it('still refuses a moment further past the end than a rendition runs over', async () => {
    const res = await at({ note: 'Too late', time_in: 60.1, note_for_video_number: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toBe(fill(MSG.noteTimeBeyondVideo, { duration: '1:00.000' }));
  });

  it("gives a reply its parent's moment, or none, not the playhead's", async () => {
    const parent = (await at({ note: 'Logo too small', time_in: 12.5, time_out: 14, note_for_video_number: 1 })).json<{
      id: number;
    }>().id;
    const reply = await at({ note: '@VT{40} Agreed, twice the size', time_in: 40.2, noteParentId: parent }, a.qa.token);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<{ note: NoteView }>().note).toMatchObject({
      time_in: 12.5,
      time_out: 14,
      video_time: 12,
      note_for_video_number: 1,
      note: '@VT{12} Agreed, twice the size',
    });
    const untimed = (await at({ note: 'Thanks for the quick cut' })).json<{ id: number }>().id;
    const plain = await at({ note: '@VT{40} You are welcome', time_in: 40.2, noteParentId: untimed }, a.qa.token);
    expect(plain.json<{ note: NoteView }>().note).toMatchObject({
      time_in: null,
      time_out: null,
      video_time: null,
      note: 'You are welcome',
    });
  });
});

describe('edited notes', () => {
  const edit = (noteId: number, note: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/card/${cardId}/comment/${noteId}`,
      headers: bearer(a.customer.token),
      payload: { note },
    });
  const stored = async (id: number) => (await t.database.db.select().from(cardNotes).where(eq(cardNotes.id, id)))[0]!;

  it('keep their moment while the tag names its second, move with a new tag, and lose it with none', async () => {
    const id = (await post('customer', { note: 'Flash', time_in: 8.123, time_out: 9 })).json().id as number;
    expect((await edit(id, '@VT{8} Flash frame')).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ timeIn: 8.123, timeOut: 9, videoTime: 8 });
    await edit(id, '@VT{10} Flash frame, later');
    expect(await stored(id)).toMatchObject({ timeIn: 10, timeOut: null, videoTime: 10 });
    await edit(id, 'No moment any more');
    expect(await stored(id)).toMatchObject({ timeIn: null, timeOut: null, videoTime: null });
  });
});

describe("a guest's notes", () => {
  it('carry time_in and time_out like the customer chat, with the same checks', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/card/${cardId}/guestLinks`,
      headers: bearer(a.customer.token),
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(201);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/guest/open',
      payload: { token: link.json().token, name: 'Ana Guest' },
    });
    const cookie = opened.cookies.find((c) => c.name === GUEST_COOKIE)!.value;
    const comment = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/guest/comment', payload, cookies: { [GUEST_COOKIE]: cookie } });
    const ok = await comment({ note: 'Cut this', time_in: 1.5, time_out: 2.25 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().note).toMatchObject({ note: '@VT{1} Cut this', time_in: 1.5, time_out: 2.25, video_time: 1 });
    const bad = await comment({ note: 'Backwards', time_in: 2, time_out: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'time_out', error_message: MSG.noteRangeBackwards });
    expect((await comment({ note: 'Beyond', time_in: 13 })).json().field).toBe('time_in');
  });
});
