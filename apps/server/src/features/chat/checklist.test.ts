import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import type { ChecklistReply } from '@cutroom/domain/schemas';
import { cardNotes, cards } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  cardId = (
    await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'editing',
      assignedQaId: a.qa.id,
      assignedTo: a.editor.id,
    })
  ).id;
});
afterAll(() => t.close());

const post = (token: string, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/card/${cardId}${path}`, headers: bearer(token), payload });
const comment = async (token: string, note: string, path = '/comment') => {
  const res = await post(token, path, { note });
  expect(res.statusCode).toBe(201);
  return res.json<{ note: { note_id: number; fix_round: number | null } }>().note;
};
const checklist = async (token = a.qa.token) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/card/${cardId}/checklist`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<ChecklistReply>();
};
const setStatus = (cardStatus: 'editing' | 'done', revisionNr: number) =>
  t.database.db.update(cards).set({ cardStatus, revisionNr }).where(eq(cards.id, cardId));
const tileCount = async (token: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/getCards', headers: bearer(token), payload: {} });
  const tiles = Object.values(res.json<Record<string, unknown>>()).filter(Array.isArray).flat() as {
    card_id: number;
    open_fix_items: number;
  }[];
  return tiles.find((c) => c.card_id === cardId)?.open_fix_items;
};

describe('the revision checklist', () => {
  let first: number;
  let second: number;

  it("makes the customer's comments on a video in review its items, and nothing else", async () => {
    expect((await comment(a.customer.token, 'Before the first cut: any update?')).fix_round).toBeNull();
    await setStatus('done', 0);
    first = (await comment(a.customer.token, '@VT{12} The logo is too small')).note_id;
    second = (await comment(a.customer.token, '@VT{4} Typo in the title card')).note_id;
    expect((await comment(a.editor.token, '@Client thanks, on it')).fix_round).toBeNull();
    expect((await comment(a.qa.token, 'Team only', '/team/comment')).fix_round).toBeNull();

    const list = await checklist();
    expect(list).toMatchObject({ last_round: 0, open: 2 });
    // In video order, with who asked.
    expect(list.items.map((i) => [i.note_id, i.state, i.video_time, i.author])).toEqual([
      [second, 'open', 4, 'Cleo Creator'],
      [first, 'open', 12, 'Cleo Creator'],
    ]);
    expect(await tileCount(a.editor.token)).toBe(2);
    expect(await tileCount(a.customer.token)).toBe(2);
    const detail = await t.app.inject({ method: 'GET', url: `/api/card/${cardId}`, headers: bearer(a.qa.token) });
    expect(detail.json()).toMatchObject({ open_fix_items: 2 });
  });

  it('ticks an item off as fixed, and sets one aside only with a reason the customer reads', async () => {
    expect((await post(a.editor.token, '/markCommentComplete', { note_id: first, status: 1 })).statusCode).toBe(200);
    const noReason = await post(a.editor.token, '/wontFix', { note_id: second, wont_fix: true, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error_message: MSG.wontFixReasonMissing });
    expect((await checklist()).open).toBe(1);

    const aside = await post(a.editor.token, '/wontFix', {
      note_id: second,
      wont_fix: true,
      reason: 'The title card comes from the brand kit',
    });
    expect(aside.statusCode).toBe(200);
    expect(aside.json()).toMatchObject({
      message: MSG.wontFixSaved,
      note: { wont_fix_reason: 'The title card comes from the brand kit' },
    });
    expect((await checklist(a.customer.token)).items.map((i) => [i.note_id, i.state, i.wont_fix_reason])).toEqual([
      [second, 'wont_fix', 'The title card comes from the brand kit'],
      [first, 'fixed', null],
    ]);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/card/${cardId}/commentsV2`,
      headers: bearer(a.customer.token),
    });
    const note = seen
      .json<{ comments: { comments: { note_id: number; wont_fix_reason: string | null }[] } }>()
      .comments.comments.find((n) => n.note_id === second);
    expect(note?.wont_fix_reason).toBe('The title card comes from the brand kit');
    expect(await tileCount(a.editor.token)).toBe(0);
  });

  it('puts an item back on the list, and a tick drops a reason', async () => {
    const back = await post(a.qa.token, '/wontFix', { note_id: second, wont_fix: false });
    expect(back.json()).toMatchObject({ message: MSG.wontFixCleared, note: { wont_fix_reason: null } });
    expect((await checklist()).open).toBe(1);
    await post(a.qa.token, '/wontFix', { note_id: second, wont_fix: true, reason: 'Later' });
    await post(a.qa.token, '/markCommentComplete', { note_id: second, status: 1 });
    expect((await checklist()).items.find((i) => i.note_id === second)).toMatchObject({
      state: 'fixed',
      wont_fix_reason: null,
    });
  });

  it('keeps rounds apart: the next review adds the next round, listed first', async () => {
    await setStatus('editing', 1);
    await setStatus('done', 1);
    const again = (await comment(a.customer.token, '@VT{30} Now the music is too loud')).note_id;
    const list = await checklist();
    expect(list).toMatchObject({ last_round: 1, open: 1 });
    expect(list.items.map((i) => [i.round, i.note_id])).toEqual([
      [1, again],
      [0, second],
      [0, first],
    ]);
    // A deleted note is no item.
    await post(a.customer.token, '/deleteComment', { note_id: again });
    expect(await checklist()).toMatchObject({ last_round: 0, open: 0 });
  });

  it("lets only the card's staff set items aside, and only items", async () => {
    const note = (await comment(a.customer.token, 'One more thing')).note_id;
    expect((await post(a.customer.token, '/wontFix', { note_id: note, wont_fix: true, reason: 'x' })).statusCode).toBe(
      403,
    );
    expect((await post(a.customer2.token, '/wontFix', { note_id: note, wont_fix: true, reason: 'x' })).statusCode).toBe(
      404,
    );
    const staffNote = (await comment(a.editor.token, 'Staff note')).note_id;
    const notItem = await post(a.admin.token, '/wontFix', { note_id: staffNote, wont_fix: true, reason: 'x' });
    expect(notItem.statusCode).toBe(403);
    const early = await t.database.db
      .insert(cardNotes)
      .values({ cardId, chat: 'customer', note: 'Old', authorId: a.customer.id })
      .returning();
    const plain = await post(a.admin.token, '/wontFix', { note_id: early[0]!.id, wont_fix: true, reason: 'x' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ error_message: MSG.notAFixItem });
    const tooLong = await post(a.admin.token, '/wontFix', { note_id: note, wont_fix: true, reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect((await checklist()).items.find((i) => i.note_id === note)?.state).toBe('open');
  });
});
