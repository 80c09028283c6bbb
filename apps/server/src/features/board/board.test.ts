import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_COLUMNS } from '@cutroom/domain';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const getCards = (token: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/getCards',
    headers: { ...bearer(token), 'user-time-zone': 'America/New_York' },
    payload,
  });
const ids = (list: { card_id: number }[] | undefined) => (list ?? []).map((c) => c.card_id);

describe('POST /api/getCards', () => {
  it('answers every column with the reply keys of spec 000 §3', async () => {
    const res = await getCards(a.admin.token);
    expect(res.statusCode).toBe(200);
    for (const column of BOARD_COLUMNS) expect(res.json()).toHaveProperty(column.replyKey);
    expect(res.json().video_requests.length).toBeGreaterThan(0);
    expect(res.json().video_requests[0]).toHaveProperty('subscription_type');
  });

  it('pages one column 10 at a time in manual order, stable across pages', async () => {
    const made = [];
    for (let i = 0; i < 23; i++)
      made.push((await insertCard(t.database.db, { clientId: a.customer2.id, sort: 100 + i })).id);
    const pages = [];
    for (const offset of [0, 10, 20, 30]) {
      pages.push(
        ids((await getCards(a.customer2.token, { section: 'video_request', offset, limit: 10 })).json().video_requests),
      );
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 4, 0]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(1)).toEqual(made);
  });

  it('shows each role only the cards it may see', async () => {
    const mine = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardStatus: 'editing',
      assignedTo: a.editor.id,
      assignedQaId: a.qa.id,
    });
    const loose = await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'editing' });
    const editing = async (token: string) =>
      ids((await getCards(token, { section: 'editing', limit: 50 })).json().editing);
    expect(await editing(a.editor.token)).toContain(mine.id);
    expect(await editing(a.editor.token)).not.toContain(loose.id);
    expect(await editing(a.customer.token)).toEqual(expect.arrayContaining([mine.id, loose.id]));
    expect(await editing(a.customer2.token)).not.toContain(mine.id);
    expect(await editing(a.qa.token)).toEqual(expect.arrayContaining([mine.id, loose.id]));
    expect(await editing(a.helper.token)).toEqual([]);
  });

  it('filters by title and by creation or due date in the caller’s zone', async () => {
    const dated = await insertCard(t.database.db, {
      clientId: a.customer.id,
      cardTitle: 'Dated card for filters',
      createdAt: new Date('2025-03-10T03:00:00Z'), // still March 9 in New York
      dueDate: new Date('2025-04-01T15:00:00Z'),
    });
    const find = async (payload: object) =>
      ids(
        (await getCards(a.customer.token, { section: 'video_request', limit: 50, ...payload })).json().video_requests,
      );
    expect(await find({ card_name: 'dated card' })).toEqual([dated.id]);
    expect(await find({ startDate: '2025-03-09', endDate: '2025-03-09' })).toEqual([dated.id]);
    expect(await find({ startDate: '2025-03-10', endDate: '2025-03-10' })).toEqual([]);
    expect(await find({ startDate: '2025-04-01', endDate: '2025-04-01', selectedDueDate: true })).toEqual([dated.id]);
    const bad = await getCards(a.customer.token, { startDate: '2025-05-01', endDate: '2025-04-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('startDate');
  });

  it('lets internal staff view as a user they may see, and nobody else', async () => {
    const asCustomer2 = await getCards(a.admin.token, { view_as: a.customer2.id, section: 'video_request', limit: 50 });
    expect(asCustomer2.json().video_requests.every((c: { client_id: number }) => c.client_id === a.customer2.id)).toBe(
      true,
    );
    expect((await getCards(a.customer.token, { view_as: a.customer2.id })).statusCode).toBe(403);
    expect((await getCards(a.helperLead.token, { view_as: a.customer2.id })).statusCode).toBe(404);
  });

  it('reads an empty view_as, as the spec sends it, as none', async () => {
    const empty = await getCards(a.admin.token, { view_as: '', section: 'video_request', limit: 50 });
    expect(empty.statusCode, empty.body).toBe(200);
    const none = await getCards(a.admin.token, { section: 'video_request', limit: 50 });
    expect(empty.json()).toEqual(none.json());
  });

  it('counts every column when asked', async () => {
    const res = await getCards(a.customer.token, { with_counts: true });
    expect(res.json().counts.video_request).toBeGreaterThan(0);
    expect(Object.keys(res.json().counts)).toEqual(BOARD_COLUMNS.map((c) => c.key));
  });
});
