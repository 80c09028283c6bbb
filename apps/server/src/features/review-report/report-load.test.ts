import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { REPORT_RENDERS_MAX, REPORT_REFUSAL } from '@cutroom/domain';
import { cardNotes, cards } from '../../db/schema.js';
import { bearer } from '../../test/helpers.js';
import { readPdf } from '../../test/pdf.js';
import { numberedMp4, pipelineFixture, type PipelineFixture } from '../media-pipeline/test-kit.js';

// The review report under load (issue 48): drawn off the event loop, limited per reader, kept per card state.
let f: PipelineFixture;
let bigCardId: number;
let cardId: number;

const report = (id: number, token: string, query = '', zone?: string) =>
  f.t.app.inject({
    method: 'GET',
    url: `/api/card/${id}/report.pdf${query}`,
    headers: { ...bearer(token), ...(zone ? { 'user-time-zone': zone } : {}) },
  });
const textOf = async (pdf: Buffer) => (await readPdf(pdf)).pages.map((p) => p.text).join(' ');
const comment = async (id: number, token: string, note: string) => {
  const res = await f.t.app.inject({
    method: 'POST',
    url: `/api/card/${id}/comment`,
    headers: bearer(token),
    payload: { note },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
};

const LONG =
  'The logo sits too close to the edge in this shot; move it in, make it a little larger and check it against the brand guide. ';

beforeAll(async () => {
  f = await pipelineFixture();
  // Two cards on one delivery each: a large chat, and a small one the cache and the limit are shown on.
  ({ cardId: bigCardId } = await f.deliver('numbered.mp4', await numberedMp4()));
  ({ cardId } = await f.deliver('numbered.mp4', await numberedMp4()));
  expect(await f.drain()).toBeGreaterThan(0);
  // Done: the customer may comment again.
  await f.t.database.db
    .update(cards)
    .set({ cardStatus: 'done' })
    .where(inArray(cards.id, [bigCardId, cardId]));
  // 300 notes on four moments (four grabs, 120 frames drawn) and 300 on none: pages of layout, seconds of it.
  const notes = Array.from({ length: 600 }, (_, i) => ({
    cardId: bigCardId,
    chat: 'customer' as const,
    note: `Note ${i}. ${LONG.repeat(3)}`,
    authorId: f.a.customer.id,
    ...(i < 300 ? { videoNumber: 1, timeIn: [0.2, 0.6, 1, 1.4][i % 4]!, videoTime: 1 } : {}),
  }));
  await f.t.database.db.insert(cardNotes).values(notes);
  await comment(cardId, f.a.customer.token, 'First pass: the intro is too long');
}, 240_000);
afterAll(() => f.t.close());

describe('a large review report', () => {
  it('is drawn off the event loop: the server keeps answering while it is made', { timeout: 120_000 }, async () => {
    // The call's and the report's first run (their schemas compiled, a render thread started) are not measured.
    expect((await f.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await report(cardId, f.a.admin.token, '?chat=team')).statusCode).toBe(200);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let done = false;
    const started = performance.now();
    const pending = report(bigCardId, f.a.admin.token).finally(() => (done = true));
    // A light call due every 25 ms for as long as the report takes, timed from when it was due: a blocked event
    // loop makes the call late as well as slow. The live check, which waits for no database: on PGlite a call
    // that reads one queues behind the report's own reads, which is not what is measured here.
    const waits: number[] = [];
    while (!done) {
      const due = performance.now() + 25;
      await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await f.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      waits.push(performance.now() - due);
    }
    const res = await pending;
    const took = performance.now() - started;
    loop.disable();
    expect(res.statusCode, res.body).toBe(200);
    const { pages } = await readPdf(res.rawPayload);
    expect(pages.length).toBeGreaterThan(60);
    expect(pages.flatMap((p) => p.images)).toHaveLength(120);
    const slowest = Math.max(...waits);
    const blocked = loop.max / 1e6;
    console.info(
      `report: ${pages.length} pages in ${Math.round(took)} ms; ${waits.length} calls meanwhile, slowest ${Math.round(slowest)} ms; event loop delay max ${Math.round(blocked)} ms`,
    );
    // On the event loop this report held every call for seconds (3.3–5.3 s here; issue 48: 2 s for 120 frames); off
    // it, a call waits for little more than its own work (under 400 ms on a busy 2-core box).
    expect(slowest).toBeLessThan(1_000);
    expect(blocked).toBeLessThan(1_000);
    expect(res.headers['x-report-cache']).toBe('miss');
  });
});

describe('the review report cache', () => {
  it('serves an unchanged card again without drawing it, and draws it again when its chat changes', async () => {
    const first = await report(cardId, f.a.customer.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-report-cache']).toBe('miss');
    const again = await report(cardId, f.a.customer.token);
    expect(again.headers['x-report-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);

    // A new note is in the next one.
    const added = await comment(cardId, f.a.customer.token, 'Second pass: the music is too loud');
    const withNote = await report(cardId, f.a.customer.token);
    expect(withNote.headers['x-report-cache']).toBe('miss');
    expect(await textOf(withNote.rawPayload)).toContain('the music is too loud');
    expect((await report(cardId, f.a.customer.token)).headers['x-report-cache']).toBe('hit');

    // An edit is a new state; a deletion brings back an earlier one.
    const edited = await f.t.app.inject({
      method: 'PUT',
      url: `/api/card/${cardId}/comment/${added}`,
      headers: bearer(f.a.customer.token),
      payload: { note: 'Second pass: the music is a touch loud' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await report(cardId, f.a.customer.token);
    expect(afterEdit.headers['x-report-cache']).toBe('miss');
    expect(await textOf(afterEdit.rawPayload)).toContain('a touch loud');
    const removed = await f.t.app.inject({
      method: 'POST',
      url: `/api/card/${cardId}/deleteComment`,
      headers: bearer(f.a.customer.token),
      payload: { note_id: added },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The chat is as it was at first: that report is served, which never had the note.
    const afterDelete = await report(cardId, f.a.customer.token);
    expect(afterDelete.headers['x-report-cache']).toBe('hit');
    expect(afterDelete.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await textOf(afterDelete.rawPayload)).not.toContain('Second pass');
  });

  it('keeps a report for its kind of reader and still asks who may read it', async () => {
    // Staff read the same chat as their own entry; the team chat they drew is refused to the customer.
    const staff = await report(cardId, f.a.qa.token);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['x-report-cache']).toBe('miss');
    expect((await report(cardId, f.a.qa.token, '?chat=team')).statusCode).toBe(200);
    expect((await report(cardId, f.a.qa.token, '?chat=team')).headers['x-report-cache']).toBe('hit');
    expect((await report(cardId, f.a.customer.token, '?chat=team')).statusCode).toBe(404);
    // Another customer never gets the card's cached report.
    expect((await report(cardId, f.a.customer2.token)).statusCode).toBe(404);
    // Dates are written in the reader's zone: another zone is another report.
    const zoned = await report(cardId, f.a.qa.token, '', 'Asia/Tokyo');
    expect(zoned.headers['x-report-cache']).toBe('miss');
  });
});

describe('the per-reader limit', () => {
  it(`refuses a reader's drawing past ${REPORT_RENDERS_MAX} a minute with 429 and Retry-After; cached ones are free`, async () => {
    // Six different reports for the team lead, who makes no other in this file.
    const queries = [
      '',
      '?timecode=frames',
      '?timecode=seconds',
      '?version=1',
      '?version=1&timecode=frames',
      '?version=1&timecode=seconds',
    ];
    expect(queries).toHaveLength(REPORT_RENDERS_MAX);
    for (const query of queries) {
      const res = await report(cardId, f.a.lead.token, query);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
      expect(res.headers['x-report-cache']).toBe('miss');
    }
    const refused = await report(cardId, f.a.lead.token, '?chat=team');
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      error_message: REPORT_REFUSAL.rendersLimit
        .replace('{n}', String(REPORT_RENDERS_MAX))
        .replace('{s}', String(wait)),
    });
    // A report already drawn for this state is served; another reader is not held by the lead's limit.
    const cached = await report(cardId, f.a.lead.token, '?timecode=frames');
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-report-cache']).toBe('hit');
    expect((await report(cardId, f.a.admin.token, '?chat=team&timecode=frames')).statusCode).toBe(200);
  });
});
