import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANNOTATION_COLORS, MSG, REPORT_FRAMES_MAX, fill } from '@cutroom/domain';
import { cardNotes, cardVideos, cards } from '../../db/schema.js';
import { bearer, insertCard } from '../../test/helpers.js';
import { readPdf } from '../../test/pdf.js';
import { frameNumberOf, numberedMp4, pipelineFixture, type PipelineFixture } from '../media-pipeline/test-kit.js';

// The PDF review report (issue 35): read back with pdf.js, its text, its frames and its drawings.
let f: PipelineFixture;
let cardId: number;
let assetId: number;
let linkCardId: number;

const report = (id: number, query = '', token = f.a.admin.token) =>
  f.t.app.inject({ method: 'GET', url: `/api/card/${id}/report.pdf${query}`, headers: bearer(token) });

const post = async (id: number, path: string, token: string, payload: object) => {
  const res = await f.t.app.inject({ method: 'POST', url: `/api/card/${id}${path}`, headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};

beforeAll(async () => {
  f = await pipelineFixture();
  ({ cardId, assetId } = await f.deliver('numbered.mp4', await numberedMp4()));
  expect(await f.drain()).toBeGreaterThan(0);
  await f.t.database.db
    .update(cards)
    .set({ cardStatus: 'done', cardTitle: 'Spring teaser — Ωμέγα' })
    .where(eq(cards.id, cardId));
  const customer = f.a.customer.token;
  // Written out of time order: the report sorts them. The 25 fps clip is 2 s long.
  const late = await post(cardId, '/comment', customer, {
    note: 'Cut the last beat',
    time_in: 1.5,
    time_out: 1.9,
    note_for_video_number: 1,
  });
  await post(cardId, '/comment', customer, {
    note: 'Logo too small — больше, bitte',
    note_type: 'annotation',
    time_in: 0.5,
    note_for_video_number: 1,
    annotation: {
      shape: 'arrow',
      x: 0.2,
      y: 0.2,
      points: [
        [0.2, 0.2],
        [0.6, 0.5],
      ],
      color: 'red',
      time: 0.5,
      version: 'version-0',
    },
  });
  await post(cardId, '/comment', f.a.qa.token, { note: 'On it', noteParentId: late });
  await post(cardId, '/comment', customer, { note: 'Love the colours overall' });
  const fixed = await post(cardId, '/comment', customer, { note: 'Typo in the title card', time_in: 1 });
  await f.t.database.db.update(cardNotes).set({ isComplete: true }).where(eq(cardNotes.id, fixed));
  const setAside = await post(cardId, '/comment', customer, { note: 'Try another font', time_in: 0.2 });
  await f.t.database.db
    .update(cardNotes)
    .set({ wontFixReason: 'The brand guide fixes the font' })
    .where(eq(cardNotes.id, setAside));
  await post(cardId, '/team/comment', f.a.qa.token, { note: 'Team only: check the mix', time_in: 0.8 });
  const deleted = await post(cardId, '/comment', customer, { note: 'Never mind this', time_in: 0.1 });
  await f.t.database.db.update(cardNotes).set({ isDeleted: true }).where(eq(cardNotes.id, deleted));

  // A card whose video is a link elsewhere: its report has the notes but no frames.
  linkCardId = (await insertCard(f.t.database.db, { clientId: f.a.customer.id, cardStatus: 'done' })).id;
  await f.t.database.db
    .insert(cardVideos)
    .values({ cardId: linkCardId, kind: 'done', version: 0, videoUrl: 'https://vimeo.com/12345' });
  await post(linkCardId, '/comment', customer, { note: 'Sound drops out', time_in: 4.25 });
}, 180_000);
afterAll(() => f.t.close());

describe('the review report', () => {
  it('is a PDF download named for the card, with a cover that counts the notes by state', async () => {
    const res = await report(cardId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Spring-teaser-review.pdf"');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.title).toBe('Review report: Spring teaser — Ωμέγα');
    const cover = pdf.pages[0]!.text;
    expect(cover).toContain('Spring teaser — Ωμέγα');
    expect(cover).toContain('Cleo Creator');
    expect(cover).toContain('Customer chat');
    expect(cover).toContain('5 notes');
    // 3 to fix (two timed, one general), 1 fixed, 1 won't fix; the reply and the deleted note are not notes here.
    expect(cover).toContain("3 To fix 1 Fixed 1 Won't fix");
    pdf.pages.forEach((page, i) => expect(page.text).toContain(`Page ${i + 1} of ${pdf.pages.length}`));
  });

  it('counts on its cover what the revision checklist counts, not every note (issue 54)', async () => {
    const card = await insertCard(f.t.database.db, {
      clientId: f.a.customer.id,
      cardStatus: 'editing',
      assignedTo: f.a.editor.id,
      assignedQaId: f.a.qa.id,
    });
    await post(card.id, '/comment', f.a.customer.token, { note: 'Please keep the intro short' });
    await f.t.database.db.update(cards).set({ cardStatus: 'done' }).where(eq(cards.id, card.id));
    await post(card.id, '/comment', f.a.customer.token, { note: 'The logo is too small' });
    await post(card.id, '/comment', f.a.editor.token, { note: 'Uploading the next cut tonight' });
    const checklist = await f.t.app.inject({
      method: 'GET',
      url: `/api/card/${card.id}/checklist`,
      headers: bearer(f.a.customer.token),
    });
    expect(checklist.json()).toMatchObject({ open: 1 });
    // The customer's own render: the admin's are counted against their limit by the other tests.
    const cover = (await readPdf((await report(card.id, '', f.a.customer.token)).rawPayload)).pages[0]!.text;
    expect(cover).toContain('3 notes');
    expect(cover).toContain("1 To fix 0 Fixed 0 Won't fix");
    // Every time carries its zone, as the chat's do: the report is made in the caller's.
    expect(cover).toMatch(/Made [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M (EST|EDT|UTC|GMT)/);
  });

  it('lists the notes on a moment in time order with SMPTE at the video’s rate, then the rest', async () => {
    const { pages } = await readPdf((await report(cardId)).rawPayload);
    const body = pages
      .slice(1)
      .map((p) => p.text)
      .join(' ');
    const order = [
      '#1 00:00:00:05',
      'Try another font',
      "Won't fix: The brand guide fixes the font",
      '#2 00:00:00:12',
      'Logo too small — больше, bitte',
      '#3 00:00:01:00',
      'Typo in the title card',
      '#4 00:00:01:12 – 00:00:01:22',
      'Cut the last beat',
      '↳ Quinn Checker (QA)',
      'On it',
      'Notes on no moment',
      '#5 No moment',
      'Love the colours overall',
    ].map((text) => body.indexOf(text));
    expect(
      order.every((at) => at >= 0),
      JSON.stringify(order),
    ).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(body).toContain('Video 1 · versions 1');
    expect(body).toContain('Cleo Creator (Customer)');
    expect(body).not.toContain('Never mind this');
    expect(body).not.toContain('Team only');
  });

  it('shows each timed note’s own frame with its drawing over it', async () => {
    const res = await report(cardId);
    const { pages } = await readPdf(res.rawPayload);
    const images = pages.flatMap((p) => p.images);
    expect(images.map((i) => [i.width, i.height])).toEqual(Array(4).fill([320, 180]));
    // Each picture is the frame its note starts on: the clip's frames show their own number.
    expect(images.map((i) => frameNumberOf((x, y) => i.luma(x * i.width, y * i.height)))).toEqual([5, 12, 25, 37]);
    // The frames are the pipeline's own grabs, embedded as they are: frame 12 is the one the drawing is on.
    const frame = await f.read(`/api/media/assets/${assetId}/frame?t=0.5`, f.a.admin.token);
    expect(frame.status).toBe(200);
    expect(res.rawPayload.includes(frame.body)).toBe(true);
    expect(pages.slice(1).some((p) => p.text.includes('frame 12'))).toBe(true);
    const strokes = pages.flatMap((p) => p.strokes);
    expect(strokes).toContain(ANNOTATION_COLORS.red);
  });

  it('reads times as frames or seconds when asked, and the team chat for staff', async () => {
    const frames = (await readPdf((await report(cardId, '?timecode=frames')).rawPayload)).pages
      .map((p) => p.text)
      .join(' ');
    expect(frames).toContain('#4 37 f – 47 f');
    const seconds = (await readPdf((await report(cardId, '?timecode=seconds')).rawPayload)).pages
      .map((p) => p.text)
      .join(' ');
    expect(seconds).toContain('#2 0.500 s');
    const team = await report(cardId, '?chat=team', f.a.qa.token);
    expect(team.statusCode).toBe(200);
    const teamText = (await readPdf(team.rawPayload)).pages.map((p) => p.text).join(' ');
    expect(teamText).toContain('Team chat');
    expect(teamText).toContain('Team only: check the mix');
    expect(teamText).not.toContain('Cut the last beat');
  });

  it('keeps to one delivered version when asked, and refuses a version the card does not have', async () => {
    const one = await report(cardId, '?version=1');
    expect(one.statusCode).toBe(200);
    expect((await readPdf(one.rawPayload)).pages[0]!.text).toContain('versions 1');
    const none = await report(cardId, '?version=2');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error_message: fill(MSG.reportNoSuchVersion, { n: '2' }), field: 'version' });
    for (const bad of ['?version=0', '?version=x', '?chat=yt', '?timecode=feet'])
      expect((await report(cardId, bad)).statusCode, bad).toBe(400);
  });

  it('has no frames for a video that is a link elsewhere, and says so', async () => {
    const res = await report(linkCardId, '', f.a.customer.token);
    expect(res.statusCode).toBe(200);
    const { pages } = await readPdf(res.rawPayload);
    expect(pages.flatMap((p) => p.images)).toEqual([]);
    expect(pages[0]!.text).toContain('link outside Cutroom');
    const body = pages.map((p) => p.text).join(' ');
    expect(body).toContain('No frame: the video is a link outside Cutroom');
    // No frame rate is known for a link: the moment reads as a clock.
    expect(body).toContain('#1 0:04.250');
  });

  it('is 404 for whoever may not see the card, and the team chat is 404 for its customer', async () => {
    expect((await report(cardId, '', f.a.customer2.token)).statusCode).toBe(404);
    expect((await report(cardId, '?chat=team', f.a.customer.token)).statusCode).toBe(404);
    expect((await report(999_999)).statusCode).toBe(404);
    const anonymous = await f.t.app.inject({ method: 'GET', url: `/api/card/${cardId}/report.pdf` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stops grabbing frames after the limit and says why the later notes have none', async () => {
    const many = Array.from({ length: REPORT_FRAMES_MAX + 1 }, (_, i) => ({
      cardId,
      chat: 'team' as const,
      note: `Bulk ${i}`,
      authorId: f.a.qa.id,
      videoNumber: 1,
      timeIn: 1.96,
      videoTime: 1,
    }));
    await f.t.database.db.insert(cardNotes).values(many);
    const { pages } = await readPdf((await report(cardId, '?chat=team')).rawPayload);
    expect(pages.flatMap((p) => p.images)).toHaveLength(REPORT_FRAMES_MAX);
    expect(pages.map((p) => p.text).join(' ')).toContain(`a report shows the first ${REPORT_FRAMES_MAX} frames`);
  });
});
