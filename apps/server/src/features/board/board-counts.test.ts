import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { BOARD_COLUMNS, type Role } from '@cutroom/domain';
import { cardCounts, cards, users } from '../../db/schema.js';
import { createSession } from '../../platform/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, demoRole, insertCard, seedWithSessions, type DemoKey } from '../../test/helpers.js';
import { fireAtOnce, statusesOf, winners } from '../../api-wide/races/fire.js';
import { visibleCardsWhere } from '../../kernel/card-visibility.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
interface Viewer {
  id: number;
  role: Role;
  token: string;
}
const viewers: Viewer[] = [];
let more: Record<'editor2' | 'helper2' | 'lead2' | 'customer3', Viewer>;

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'user-time-zone': 'Europe/Berlin' }, payload });
const ok = async (reply: ReturnType<typeof post>) => {
  const res = await reply;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};

/** A user made through the admin API, with a session. */
async function newUser(role: Role, extra: object = {}): Promise<Viewer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: bearer(a.admin.token),
    payload: {
      firstname: 'Count',
      lastname: role,
      email: `count-${role}-${viewers.length}@example.com`,
      password: 'first-password',
      customer_type: role,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ client_id: number }>().client_id;
  // Past the first-login password change, which is not what these tests are about.
  await t.database.db.update(users).set({ isTemporaryPassword: false }).where(eq(users.id, id));
  const viewer = { id, role, token: await createSession(t.database.db, id, false, 'test') };
  viewers.push(viewer);
  return viewer;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  for (const [key, account] of Object.entries(a)) viewers.push({ ...account, role: demoRole(key as DemoKey) });
  const editor2 = await newUser('editor');
  const helper2 = await newUser('yt-helper');
  const lead2 = await newUser('team-lead');
  const customer3 = await newUser('customer', { assign_qa: [a.qa.id], assign_yt_helper: [helper2.id] });
  more = { editor2, helper2, lead2, customer3 };
});
afterAll(() => t.close());

/** What the board must say: a GROUP BY over every unarchived card the viewer may see. */
async function fullCount(viewer: Viewer) {
  const rows = await t.database.db
    .select({ status: cards.cardStatus, n: count() })
    .from(cards)
    .where(and(isNull(cards.archivedAt), visibleCardsWhere(viewer)))
    .groupBy(cards.cardStatus);
  return Object.fromEntries(BOARD_COLUMNS.map((c) => [c.key, rows.find((r) => r.status === c.status)?.n ?? 0]));
}

/** Every counter row, counted afresh from the cards, scope by scope. */
async function fullScopes() {
  const db = t.database.db;
  const helped = or(eq(cards.hasYoutubeHelper, true), isNotNull(cards.ytHelperId));
  const scopes: [string, SQL, SQL | undefined][] = [
    ['all', sql`0::int`, undefined],
    ['customer', sql`${cards.clientId}`, undefined],
    ['editor', sql`${cards.assignedTo}`, isNotNull(cards.assignedTo)],
    ['helper', sql`${cards.ytHelperId}`, isNotNull(cards.ytHelperId)],
    ['helper-lead', sql`0::int`, helped],
  ];
  const rows = [];
  for (const [scope, id, where] of scopes) {
    const counted = await db
      .select({ id: id.mapWith(Number), status: cards.cardStatus, n: count() })
      .from(cards)
      .where(and(isNull(cards.archivedAt), where))
      .groupBy(id, cards.cardStatus);
    rows.push(...counted.map((r) => `${scope}/${r.id}/${r.status}=${r.n}`));
  }
  return rows.sort();
}

/** The counter table equals a full count for every scope, and every viewer's counts reply equals theirs. */
async function expectCountsTrue() {
  const held = await t.database.db.select().from(cardCounts).where(ne(cardCounts.n, 0));
  expect(held.map((r) => `${r.scope}/${r.scopeId}/${r.cardStatus}=${r.n}`).sort()).toEqual(await fullScopes());
  for (const viewer of viewers) {
    const res = await post(viewer.token, '/api/getCardCounts');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts, `${viewer.role} ${viewer.id}`).toEqual(await fullCount(viewer));
  }
}

const base = {
  dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
  youtube_aspect_ratio: '16:9',
  video_purpose: 'podcast',
};
let titles = 0;
const create = async (token: string, extra: object = {}) =>
  (await ok(post(token, '/api/card', { ...base, card_title: `Counted ${++titles}`, ...extra }))).json<{
    card_id: number;
  }>().card_id;
const move = (token: string, id: number, call: string, body: object) =>
  ok(post(token, `/api/card/${id}/${call}`, { card_id: id, ...body }));

describe('card_counts', () => {
  it('holds the demo seed as a full count does', () => expectCountsTrue());

  it('follows creates, every kind of move, assignments, helpers, archive and restore through the API', async () => {
    const mine = await create(a.customer.token);
    const helped = await create(a.admin.token, { client_id: more.customer3.id, hasYTHelper: true });
    const forCustomer = await create(a.admin.token, { client_id: a.customer2.id });
    await expectCountsTrue();

    await ok(post(a.admin.token, '/api/card/assign', { card_id: mine, assign_to: a.editor.id }));
    await ok(post(a.admin.token, '/api/card/assign', { card_id: helped, assign_to: more.editor2.id }));
    await expectCountsTrue();
    await ok(post(a.lead.token, '/api/card/assign', { card_id: mine, assign_to: more.editor2.id }));
    await expectCountsTrue();

    for (const id of [mine, helped]) await move(a.admin.token, id, 'timeline', { card_status: 'video_request' });
    await move(a.admin.token, forCustomer, 'move', { card_status: 'video_request', newStatus: 'on_hold' });
    await expectCountsTrue();
    const link = { done_video_link: 'https://example.com/v1.mp4' };
    for (const id of [mine, helped]) await move(a.admin.token, id, 'moveToQa', { card_status: 'editing', ...link });
    await expectCountsTrue();
    const done = { card_status: 'qa', done_link: 'https://example.com/v1.mp4', content_id: 'SYNC-1' };
    for (const id of [mine, helped]) await move(a.admin.token, id, 'done', done);
    await expectCountsTrue();
    await move(a.customer.token, mine, 'revision', { card_status: 'done' });
    await expectCountsTrue();
    await move(a.admin.token, mine, 'done', { card_status: 'editing', done_link: 'https://example.com/v2.mp4' });
    // Completing a card with the helper puts it on the helper board in the same transaction.
    await move(more.customer3.token, helped, 'markComplete', { status: 1, cardSection: 'done' });
    await expectCountsTrue();

    await ok(post(a.helperLead.token, '/api/ythelper/card/assign', { card_id: helped, assign_to: a.helper.id }));
    await expectCountsTrue();
    await ok(post(a.customer.token, `/api/card/${mine}/enableCardYtHelper`));
    await expectCountsTrue();

    await ok(
      post(a.customer.token, `/api/card/${mine}/enableCardRepurpose`, {
        repurpose_aspect: ['9:16'],
        repurpose_headline: 'Short one',
      }),
    );
    await move(a.customer.token, mine, 'moveCardSub', { from: 'done', status: 'repurpose_editing' });
    await expectCountsTrue();
    await move(a.admin.token, mine, 'moveCardSub', {
      from: 'repurpose_editing',
      status: 'repurpose_done',
      done_link: 'https://example.com/r1.mp4',
    });
    await expectCountsTrue();

    await ok(post(a.admin.token, `/api/card/${helped}/archive`));
    await expectCountsTrue();
    await ok(post(a.admin.token, `/api/card/${helped}/unarchive`));
    await expectCountsTrue();
    await move(a.admin.token, forCustomer, 'move', { card_status: 'on_hold', newStatus: 'canceled' });
    await expectCountsTrue();

    // A reorder and a title edit change no counter row.
    const queued = await create(a.admin.token, { client_id: a.customer2.id });
    await ok(post(a.admin.token, '/api/cards/updateSort', { cards: [{ card_id: queued, sort: 5 }] }));
    await ok(
      t.app.inject({
        method: 'PUT',
        url: `/api/card/${mine}/updateCardDetail`,
        headers: bearer(a.admin.token),
        payload: { card_title: 'Counted and renamed' },
      }),
    );
    await expectCountsTrue();
  });

  it("moves a team lead's and a QA's counts with the customer's lead and QA slots", async () => {
    const put = (id: number, payload: object) =>
      ok(t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: bearer(a.admin.token), payload }));
    await create(a.admin.token, { client_id: more.customer3.id });
    await put(more.customer3.id, { assigned_to_lead_id: more.lead2.id });
    await expectCountsTrue();
    await put(a.customer.id, { assigned_to_lead_id: more.lead2.id, assign_qa: [] });
    await expectCountsTrue();
    await put(a.customer.id, { assigned_to_lead_id: a.lead.id, assign_qa: [a.qa.id] });
    await expectCountsTrue();
  });

  it('follows bulk writes and deletes made straight in the database', async () => {
    const db = t.database.db;
    const made = await Promise.all(
      ['editing', 'qa', 'done', 'video_request'].map((cardStatus) =>
        insertCard(db, { clientId: more.customer3.id, cardStatus: cardStatus as 'editing', assignedTo: a.editor.id }),
      ),
    );
    await expectCountsTrue();
    await db
      .update(cards)
      .set({ cardStatus: 'on_hold', assignedTo: more.editor2.id, ytHelperId: more.helper2.id })
      .where(eq(cards.clientId, more.customer3.id));
    await expectCountsTrue();
    await db.update(cards).set({ archivedAt: new Date() }).where(eq(cards.id, made[0]!.id));
    await db.delete(cards).where(eq(cards.id, made[1]!.id));
    await expectCountsTrue();
  });

  it('reads the counts of a filtered board from the cards, not the counters', async () => {
    const filtered = await post(a.admin.token, '/api/getCardCounts', { card_name: 'Counted' });
    const titled = await t.database.db
      .select({ status: cards.cardStatus, n: count() })
      .from(cards)
      .where(and(isNull(cards.archivedAt), sql`${cards.cardTitle} ilike '%Counted%'`))
      .groupBy(cards.cardStatus);
    expect(filtered.json().counts).toEqual(
      Object.fromEntries(BOARD_COLUMNS.map((c) => [c.key, titled.find((r) => r.status === c.status)?.n ?? 0])),
    );
  });

  it('answers with counts inside getCards too, and for a viewed-as user', async () => {
    const res = await post(a.admin.token, '/api/getCards', { section: 'editing', with_counts: true });
    expect(res.json().counts).toEqual(await fullCount(viewers.find((v) => v.role === 'admin')!));
    const viewedAs = await post(a.admin.token, '/api/getCardCounts', { view_as: more.editor2.id });
    expect(viewedAs.json().counts).toEqual(await fullCount(more.editor2));
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('card_counts under concurrent writes on PostgreSQL', () => {
  it('stays a full count after 40 moves at once in opposite directions, none failing', async () => {
    const owners = [a.customer.id, a.customer2.id, more.customer3.id];
    const editors = [a.editor.id, more.editor2.id];
    const spread = (i: number) => ({ clientId: owners[i % 3]!, assignedTo: editors[i % 2]!, assignedQaId: a.qa.id });
    const pairs: [from: 'video_request' | 'on_hold' | 'editing', to: string, call: string][] = [
      ['video_request', 'on_hold', 'move'],
      ['on_hold', 'video_request', 'move'],
      ['editing', 'on_hold', 'move'],
      ['on_hold', 'editing', 'timeline'],
    ];
    const racing = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        insertCard(t.database.db, { ...spread(i), cardStatus: pairs[i % 4]![0] }).then((card) => ({
          card,
          pair: pairs[i % 4]!,
        })),
      ),
    );
    await expectCountsTrue();
    for (let round = 0; round < 2; round++) {
      const replies = await fireAtOnce((i) => {
        const { card, pair } = racing[i]!;
        const [from, to, call] = round === 0 ? pair : [pair[1], pair[0], pair[0] === 'editing' ? 'timeline' : 'move'];
        return post(a.admin.token, `/api/card/${card.id}/${call}`, {
          card_id: card.id,
          card_status: from,
          newStatus: to,
        });
      }, racing.length);
      statusesOf(replies);
      expect(winners(replies)).toHaveLength(racing.length);
      await expectCountsTrue();
    }
  });

  it("a new customer's first cards, created 20 at once, make one counter row each status", async () => {
    const fresh = await newUser('customer', { assign_qa: [a.qa.id] });
    const replies = await fireAtOnce((i) =>
      post(a.admin.token, '/api/card', { ...base, card_title: `Raced first ${i}`, client_id: fresh.id }),
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(replies.length);
    await expectCountsTrue();
  });
});
