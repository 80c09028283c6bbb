import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_REVISION_REASONS, MSG, REVISION_REASON_MSG, fill } from '@cutroom/domain';
import type { FirstPassReply } from '@cutroom/domain/schemas';
import { cardRevisionReasons, cardRevisions, cards, revisionReasons, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const doneCard = (values: Partial<typeof cards.$inferInsert> = {}) =>
  insertCard(t.database.db, {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    assignedTo: a.editor.id,
    cardStatus: 'done',
    doneAt: new Date(),
    ...values,
  });
const revisionsOf = (cardId: number) =>
  t.database.db.select().from(cardRevisions).where(eq(cardRevisions.cardId, cardId));
const reasonsOf = async (cardId: number) => {
  const rows = await t.database.db
    .select({ key: cardRevisionReasons.reasonKey })
    .from(cardRevisionReasons)
    .innerJoin(cardRevisions, eq(cardRevisions.id, cardRevisionReasons.revisionId))
    .where(eq(cardRevisions.cardId, cardId));
  return rows.map((r) => r.key).sort();
};

describe('the revision reason list', () => {
  it('starts with the eight defaults, in order, for every signed-in user', async () => {
    const res = await send(a.customer.token, 'GET', '/api/revisionReasons');
    expect(res.statusCode).toBe(200);
    expect(res.json().reasons.map((r: { key: string }) => r.key)).toEqual(DEFAULT_REVISION_REASONS.map((r) => r.key));
  });

  it('lets the admin add, rename, deactivate and reorder, refusing clashes and partial orders', async () => {
    const added = await send(a.admin.token, 'POST', '/api/revisionReasons', { label: '  Music choice ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      success: true,
      message: REVISION_REASON_MSG.revisionReasonAdded,
      key: 'music_choice',
    });

    const clash = await send(a.admin.token, 'POST', '/api/revisionReasons', { label: 'music CHOICE' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error_message).toBe(MSG.revisionReasonExists);
    const renameClash = await send(a.admin.token, 'PUT', '/api/revisionReasons/music_choice', { label: 'Audio' });
    expect(renameClash.statusCode).toBe(409);
    expect((await send(a.admin.token, 'POST', '/api/revisionReasons', { label: '   ' })).statusCode).toBe(400);
    expect((await send(a.admin.token, 'PUT', '/api/revisionReasons/music_choice', {})).statusCode).toBe(400);
    expect((await send(a.admin.token, 'PUT', '/api/revisionReasons/nope', { active: false })).statusCode).toBe(404);

    const renamed = await send(a.admin.token, 'PUT', '/api/revisionReasons/music_choice', { label: 'Music' });
    expect(renamed.json()).toMatchObject({ key: 'music_choice' });

    const all = (await send(a.admin.token, 'GET', '/api/revisionReasons/all')).json().reasons as { key: string }[];
    const keys = all.map((r) => r.key);
    expect(keys.at(-1)).toBe('music_choice');
    const partial = await send(a.admin.token, 'POST', '/api/revisionReasons/reorder', { keys: keys.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error_message).toBe(REVISION_REASON_MSG.revisionReasonOrderMismatch);
    const twice = await send(a.admin.token, 'POST', '/api/revisionReasons/reorder', {
      keys: [...keys.slice(1), keys[1]],
    });
    expect(twice.statusCode).toBe(400);
    const reordered = await send(a.admin.token, 'POST', '/api/revisionReasons/reorder', {
      keys: ['music_choice', ...keys.slice(0, -1)],
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().reasons[0]).toMatchObject({ key: 'music_choice', label: 'Music', position: 1, used: 0 });

    await send(a.admin.token, 'PUT', '/api/revisionReasons/music_choice', { active: false });
    const offered = (await send(a.editor.token, 'GET', '/api/revisionReasons')).json().reasons as { key: string }[];
    expect(offered.map((r) => r.key)).not.toContain('music_choice');
    expect(offered[0]!.key).toBe('wrong_cut');
  });

  it('adds one reason when two admins send the same name at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => send(a.admin.token, 'POST', '/api/revisionReasons', { label: 'Same time' })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(revisionReasons).where(eq(revisionReasons.label, 'Same time'));
    expect(rows).toHaveLength(1);
  });

  it('is kept by the admin only', async () => {
    for (const who of [a.lead, a.qa, a.customer]) {
      expect((await send(who.token, 'POST', '/api/revisionReasons', { label: 'Nope' })).statusCode).toBe(403);
      expect((await send(who.token, 'PUT', '/api/revisionReasons/audio', { active: false })).statusCode).toBe(403);
    }
  });
});

describe('a revision request with reasons', () => {
  it('stores the request with its reasons, the editor and QA of the moment', async () => {
    const card = await doneCard();
    const res = await send(a.customer.token, 'POST', `/api/card/${card.id}/revision`, {
      card_status: 'done',
      reasons: ['pacing', 'audio', 'audio'],
    });
    expect(res.json()).toEqual({ success: true, message: MSG.movedToRevision });
    const [revision] = await revisionsOf(card.id);
    expect(revision).toMatchObject({ round: 1, requestedBy: a.customer.id, editorId: a.editor.id, qaId: a.qa.id });
    expect(await reasonsOf(card.id)).toEqual(['audio', 'pacing']);
  });

  it('still accepts the spec body without reasons, counted as unspecified', async () => {
    const card = await doneCard();
    const res = await send(a.customer.token, 'POST', `/api/card/${card.id}/revision`, { card_status: 'done' });
    expect(res.statusCode).toBe(200);
    expect(await revisionsOf(card.id)).toHaveLength(1);
    expect(await reasonsOf(card.id)).toEqual([]);
  });

  it('refuses an inactive or unknown reason with a clear 400 and changes nothing', async () => {
    await t.database.db.update(revisionReasons).set({ active: false }).where(eq(revisionReasons.key, 'style'));
    const card = await doneCard();
    const inactive = await send(a.customer.token, 'POST', `/api/card/${card.id}/revision`, {
      card_status: 'done',
      reasons: ['pacing', 'style'],
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toMatchObject({
      error_message: fill(REVISION_REASON_MSG.revisionReasonInactive, { key: 'style' }),
      field: 'reasons',
    });
    const unknown = await send(a.customer.token, 'POST', `/api/card/${card.id}/revision`, {
      card_status: 'done',
      reasons: ['made_up'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_message).toBe(fill(REVISION_REASON_MSG.revisionReasonUnknown, { key: 'made_up' }));
    const malformed = await send(a.customer.token, 'POST', `/api/card/${card.id}/revision`, { reasons: 'pacing' });
    expect(malformed.statusCode).toBe(400);

    const [row] = await t.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row).toMatchObject({ cardStatus: 'done', revisionNr: 0 });
    expect(await revisionsOf(card.id)).toHaveLength(0);
    await t.database.db.update(revisionReasons).set({ active: true }).where(eq(revisionReasons.key, 'style'));
  });
});

describe('first-pass approval and top reasons', () => {
  // A range of its own, far from the demo data and the other tests' cards.
  const range = { start_date: '2031-03-01', end_date: '2031-03-31' };
  const inMarch = (day: number) => new Date(Date.UTC(2031, 2, day, 15));
  const report = async (token: string, query: Record<string, string> = range) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/first-pass',
      query,
      headers: { ...bearer(token), 'user-time-zone': 'UTC' },
    });
    expect(res.statusCode).toBe(200);
    return res.json<FirstPassReply>();
  };

  let outsider: number;
  beforeAll(async () => {
    // A customer with no lead and no QA: out of the team lead's sight.
    const [u] = await t.database.db
      .insert(users)
      .values({
        clientType: 'customer',
        firstname: 'Otto',
        lastname: 'Outside',
        useremail: 'otto@example.com',
        passwordHash: 'x',
      })
      .returning();
    outsider = u!.id;
    const revise = async (cardId: number, reasons?: string[]) => {
      const res = await send(a.admin.token, 'POST', `/api/card/${cardId}/revision`, {
        card_status: 'done',
        ...(reasons ? { reasons } : {}),
      });
      expect(res.statusCode).toBe(200);
      // Re-delivered within the range, its revision dated there too.
      await t.database.db
        .update(cards)
        .set({ cardStatus: 'done', doneAt: inMarch(20) })
        .where(eq(cards.id, cardId));
      await t.database.db
        .update(cardRevisions)
        .set({ requestedAt: inMarch(10) })
        .where(eq(cardRevisions.cardId, cardId));
    };
    // The customer's cards: two first-pass (one completed), two revised (pacing+audio, then audio; audio alone).
    await doneCard({ doneAt: inMarch(5) });
    await doneCard({ cardStatus: 'completed_done', isComplete: true, doneAt: inMarch(6), completedAt: inMarch(7) });
    const revised = await doneCard({ doneAt: inMarch(5) });
    await revise(revised.id, ['pacing', 'audio']);
    const revisedAgain = await doneCard({ doneAt: inMarch(5), assignedTo: a.lead.id });
    await revise(revisedAgain.id, ['audio']);
    // Undelivered, and delivered out of range: not counted.
    await doneCard({ cardStatus: 'editing', doneAt: inMarch(8) });
    await doneCard({ doneAt: new Date(Date.UTC(2031, 3, 2)) });
    // The outsider's card: revised without reasons, seen by the admin only.
    const theirs = await doneCard({
      clientId: outsider,
      assignedQaId: null,
      assignedTo: a.editor.id,
      doneAt: inMarch(5),
    });
    await revise(theirs.id);
  });

  it('gives the admin every delivered card: rates per editor, QA and customer, and the top reasons', async () => {
    const r = await report(a.admin.token);
    expect(r.range).toEqual(range);
    expect(r.overall).toEqual({ delivered: 5, first_pass: 2, rate: 40 });
    expect(r.editors).toEqual([
      { user_id: a.editor.id, name: 'Eddie Cutter', delivered: 4, first_pass: 2, rate: 50 },
      { user_id: a.lead.id, name: 'Leo Lead', delivered: 1, first_pass: 0, rate: 0 },
    ]);
    expect(r.qas).toEqual([
      { user_id: a.qa.id, name: 'Quinn Checker', delivered: 4, first_pass: 2, rate: 50 },
      { user_id: null, name: 'Unassigned', delivered: 1, first_pass: 0, rate: 0 },
    ]);
    expect(r.customers).toEqual([
      { user_id: a.customer.id, name: 'Cleo Creator', delivered: 4, first_pass: 2, rate: 50 },
      { user_id: outsider, name: 'Otto Outside', delivered: 1, first_pass: 0, rate: 0 },
    ]);
    expect(r.revisions).toBe(3);
    expect(r.top_reasons).toEqual([
      { key: 'audio', label: 'Audio', count: 2 },
      { key: 'pacing', label: 'Pacing', count: 1 },
      { key: 'unspecified', label: 'Unspecified', count: 1 },
    ]);
  });

  it('limits a team lead to the cards they see', async () => {
    const r = await report(a.lead.token);
    expect(r.overall).toEqual({ delivered: 4, first_pass: 2, rate: 50 });
    expect(r.customers.map((c) => c.user_id)).toEqual([a.customer.id]);
    expect(r.revisions).toBe(2);
    expect(r.top_reasons.map((x) => x.key)).toEqual(['audio', 'pacing']);
  });

  it('answers an empty range with null rates and no rows, and refuses a reversed one', async () => {
    const r = await report(a.admin.token, { start_date: '2031-06-01', end_date: '2031-06-30' });
    expect(r).toMatchObject({
      overall: { delivered: 0, first_pass: 0, rate: null },
      editors: [],
      revisions: 0,
      top_reasons: [],
    });
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/first-pass',
      query: { start_date: '2031-03-31', end_date: '2031-03-01' },
      headers: bearer(a.admin.token),
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('shows a renamed reason under its new label, keeping its count', async () => {
    await send(a.admin.token, 'PUT', '/api/revisionReasons/audio', { label: 'Sound' });
    const r = await report(a.admin.token);
    expect(r.top_reasons[0]).toEqual({ key: 'audio', label: 'Sound', count: 2 });
    const used = (await send(a.admin.token, 'GET', '/api/revisionReasons/all')).json().reasons as {
      key: string;
      used: number;
    }[];
    expect(used.find((x) => x.key === 'audio')!.used).toBeGreaterThanOrEqual(2);
    await send(a.admin.token, 'PUT', '/api/revisionReasons/audio', { label: 'Audio' });
    // Reasons are never deleted: the row a revision names stays.
    expect(
      await t.database.db
        .select()
        .from(revisionReasons)
        .where(inArray(revisionReasons.key, ['audio'])),
    ).toHaveLength(1);
  });
});
