import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CARD_STATUS_LABELS, MSG, NOTIFICATIONS_COUNT_CAP, NOTIFICATION_TYPES, fill } from '@cutroom/domain';
import type { NotificationView } from '@cutroom/domain/schemas';
import { cardNotes, cards, mailOutbox, notifications, users } from '../../db/schema.js';
import { createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions, type DemoKey } from '../../test/helpers.js';
import { connectSse } from '../../test/sse-client.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

const KEYS: DemoKey[] = ['admin', 'lead', 'qa', 'editor', 'helperLead', 'helper', 'customer', 'customer2'];
const db = () => t.database.db;
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: DemoKey, payload?: object, zone?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(a[who].token), ...(zone ? { 'user-time-zone': zone } : {}) },
    ...(payload ? { payload } : {}),
  });
const move = (who: DemoKey, id: number, from: string, to: string) =>
  send('POST', `/api/card/${id}/move`, who, { card_status: from, newStatus: to });
const comment = (who: DemoKey, id: number, note: string, chat: 'customer' | 'team' = 'customer') =>
  send('POST', `/api/card/${id}/${chat === 'team' ? 'team/' : ''}comment`, who, { note });
const rowsFor = (cardId: number) => db().select().from(notifications).where(eq(notifications.cardId, cardId));
const recipientsOf = async (cardId: number) =>
  (await rowsFor(cardId)).map((r) => KEYS.find((k) => a[k].id === r.recipientId) ?? r.recipientId).sort();
const cardOf = (values: Partial<typeof cards.$inferInsert> = {}) =>
  insertCard(db(), {
    clientId: a.customer.id,
    assignedQaId: a.qa.id,
    assignedTo: a.editor.id,
    cardStatus: 'editing',
    ...values,
  });
/** Runs `body` while every notification insert matching `condition` (SQL on `new`) raises, as a failed write would. */
async function whileNotificationsFail(condition: string, body: () => Promise<void>) {
  await db().execute(
    sql.raw(`create or replace function fail_notification() returns trigger language plpgsql as $$
      begin if ${condition} then raise exception 'notification refused'; end if; return new; end $$`),
  );
  await db().execute(
    sql.raw(
      'create trigger fail_notification before insert on notifications for each row execute function fail_notification()',
    ),
  );
  try {
    await body();
  } finally {
    await db().execute(sql.raw('drop trigger fail_notification on notifications'));
  }
}
const count = async (who: DemoKey) =>
  (await send('GET', '/api/notifications/getCount', who)).json<{ notificationsCount: number }>().notificationsCount;

describe('notifications made with the change that causes them', () => {
  it('a move notifies exactly those who may see the card, but the mover, with one event and one sentence', async () => {
    const card = await cardOf();
    expect((await move('editor', card.id, 'editing', 'on_hold')).statusCode).toBe(200);
    const rows = await rowsFor(card.id);
    // Whoever may open the card hears of it; the mover (the editor) and people without the card don't.
    const mayOpen: DemoKey[] = [];
    for (const k of KEYS) {
      if ((await send('GET', `/api/card/${card.id}`, k)).statusCode === 200 && k !== 'editor') mayOpen.push(k);
    }
    expect(mayOpen.sort()).toEqual(['admin', 'customer', 'lead', 'qa']);
    expect(await recipientsOf(card.id)).toEqual(mayOpen);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(1);
    for (const r of rows) {
      expect(r).toMatchObject({
        type: 'card_movement',
        actorId: a.editor.id,
        actionLink: `/card-details/${card.id}`,
        seenAt: null,
        data: fill(MSG.notificationMoved, {
          name: 'Eddie Cutter',
          title: card.cardTitle,
          column: CARD_STATUS_LABELS.on_hold,
        }),
      });
    }
  });

  it('a card with a YouTube helper also notifies the helper and the helper leads', async () => {
    const card = await cardOf({ ytHelperId: a.helper.id });
    expect((await move('admin', card.id, 'editing', 'on_hold')).statusCode).toBe(200);
    expect(await recipientsOf(card.id)).toEqual(['customer', 'editor', 'helper', 'helperLead', 'lead', 'qa']);
  });

  it('a refused move creates none, and a move whose notifications fail is not made', async () => {
    const card = await cardOf();
    const before = (await db().select().from(notifications)).length;
    // Forbidden (a customer can't send editing to done), stale (wrong from), unseen card: no rows.
    expect((await move('customer', card.id, 'editing', 'done')).statusCode).toBe(400);
    expect((await move('admin', card.id, 'qa', 'on_hold')).statusCode).toBe(409);
    expect((await move('customer2', card.id, 'editing', 'on_hold')).statusCode).toBe(404);
    expect((await db().select().from(notifications)).length).toBe(before);

    // The notification write fails inside the move's transaction: the move rolls back with it.
    await whileNotificationsFail(`new.card_id = ${card.id}`, async () => {
      const failed = await move('admin', card.id, 'editing', 'on_hold');
      expect(failed.statusCode).toBe(500);
      const [after] = await db().select().from(cards).where(eq(cards.id, card.id));
      expect(after!.cardStatus).toBe('editing');
      expect(await rowsFor(card.id)).toEqual([]);
    });
    expect((await move('admin', card.id, 'editing', 'on_hold')).statusCode).toBe(200);
    expect((await rowsFor(card.id)).length).toBeGreaterThan(0);
  });

  it('a comment, or a mention, whose notifications fail is not written: no note, no notification, no mail', async () => {
    await db()
      .update(users)
      .set({ mailPreferences: { card_movement: 1, card_comment: 1, card_comment_tag: 1 } })
      .where(inArray(users.id, [a.qa.id, a.editor.id]));
    const card = await cardOf();
    const notesOf = () => db().select().from(cardNotes).where(eq(cardNotes.cardId, card.id));
    const aboutCard = sql`${mailOutbox.text} ~ ${`/card-details/${card.id}(\\D|$)`}`;
    const mailsOf = () => db().select().from(mailOutbox).where(aboutCard);
    const nothingWritten = async (label: string) => {
      expect(await notesOf(), label).toEqual([]);
      expect(await rowsFor(card.id), label).toEqual([]);
      expect(await mailsOf(), label).toEqual([]);
    };

    // Every notification of the comment fails.
    await whileNotificationsFail(`new.card_id = ${card.id}`, async () => {
      expect((await comment('customer', card.id, 'Please trim the intro')).statusCode).toBe(500);
      expect((await comment('qa', card.id, 'Team only', 'team')).statusCode).toBe(500);
    });
    await nothingWritten('comment');

    // Only the mention's row fails: the comment and everyone else's card_comment go with it.
    await whileNotificationsFail(`new.card_id = ${card.id} and new.type = 'card_comment_tag'`, async () => {
      expect((await comment('customer', card.id, 'Please trim the intro @Editor')).statusCode).toBe(500);
      expect((await comment('qa', card.id, '@Editor check the cut', 'team')).statusCode).toBe(500);
      // A comment without a mention still goes through while mentions fail.
      expect((await comment('customer', card.id, 'No mention here')).statusCode).toBe(201);
      expect((await notesOf()).map((n) => n.note)).toEqual(['No mention here']);
      await db().delete(cardNotes).where(eq(cardNotes.cardId, card.id));
      await db().delete(notifications).where(eq(notifications.cardId, card.id));
      expect((await mailsOf()).length).toBeGreaterThan(0);
      await db().delete(mailOutbox).where(aboutCard);
    });
    await nothingWritten('mention');

    expect((await comment('customer', card.id, 'Please trim the intro @Editor')).statusCode).toBe(201);
    expect((await rowsFor(card.id)).map((r) => r.type)).toContain('card_comment_tag');
    expect((await mailsOf()).map((m) => m.kind)).toContain('card_comment_tag');
  });

  it('queues the mails of those who want them, in the same transaction', async () => {
    await db()
      .update(users)
      .set({ mailPreferences: { card_movement: 1, card_comment: 0, card_comment_tag: 0 } })
      .where(eq(users.id, a.customer.id));
    const card = await cardOf();
    await move('admin', card.id, 'editing', 'on_hold');
    const [row] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.cardId, card.id), eq(notifications.recipientId, a.customer.id)));
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.dedupeKey} like ${`notification:${row!.id}:%`}`);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.kind).toBe('card_movement');
  });

  it('a comment notifies who may read that chat; a mention is card_comment_tag instead; team chat never reaches the customer', async () => {
    const card = await cardOf();
    expect((await comment('customer', card.id, 'Please trim the intro @Editor')).statusCode).toBe(201);
    const first = await rowsFor(card.id);
    const typeOf = (rows: typeof first, who: DemoKey) =>
      rows.filter((r) => r.recipientId === a[who].id).map((r) => r.type);
    expect(typeOf(first, 'editor')).toEqual(['card_comment_tag']);
    expect(typeOf(first, 'qa')).toEqual(['card_comment']);
    expect(typeOf(first, 'admin')).toEqual(['card_comment']);
    expect(typeOf(first, 'lead')).toEqual(['card_comment']);
    expect(typeOf(first, 'customer')).toEqual([]);
    expect(typeOf(first, 'helper')).toEqual([]);

    await db().delete(notifications).where(eq(notifications.cardId, card.id));
    expect(
      (await comment('qa', card.id, 'Internal: @Client must not hear this, @Editor check', 'team')).statusCode,
    ).toBe(201);
    const team = await rowsFor(card.id);
    expect(typeOf(team, 'customer')).toEqual([]);
    expect(typeOf(team, 'editor')).toEqual(['card_comment_tag']);
    expect(typeOf(team, 'qa')).toEqual([]);
    expect(typeOf(team, 'admin')).toEqual(['card_comment']);
    expect(team.every((r) => r.data.length > 0 && r.actorId === a.qa.id)).toBe(true);
  });

  it('announces the new unseen count to each recipient on the event stream', async () => {
    const stream = connectSse(`${base}/api/events`, bearer(a.customer.token));
    await stream.ready;
    const card = await cardOf();
    await move('admin', card.id, 'editing', 'on_hold');
    const got = await stream.waitFor((m) => m.event === 'notification.created');
    expect(got.data).toEqual({ unseen: await count('customer') });
    await stream.close();
  });
});

describe('the calls of spec 002 §7: each user reads, marks and deletes only their own', () => {
  /** A fresh set of notifications for one customer card, moved by admin. */
  async function freshEvent() {
    const card = await cardOf();
    await move('admin', card.id, 'editing', 'on_hold');
    return card;
  }

  it('GET /api/notifications/getCount and GET /api/notifications give every role its own unseen count and latest', async () => {
    await freshEvent();
    for (const who of KEYS) {
      const [unseen] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.recipientId, a[who].id), sql`${notifications.seenAt} is null`));
      expect(await count(who), who).toBe(unseen!.n);
      const latest = await send('GET', '/api/notifications', who);
      expect(latest.statusCode, who).toBe(200);
      const body = latest.json<{ notifications: NotificationView[]; notificationsCount: number }>();
      expect(body.notificationsCount).toBe(unseen!.n);
      expect(body.notifications.every((n) => n.recipient_client_id === a[who].id)).toBe(true);
    }
    const latest = (await send('GET', '/api/notifications', 'customer')).json<{ notifications: NotificationView[] }>();
    expect(latest.notifications[0]).toMatchObject({
      firstname: 'Ada',
      lastname: 'Admin',
      seen: false,
      type: 'card_movement',
    });
    expect(latest.notifications.map((n) => n.created_at)).toEqual(
      [...latest.notifications.map((n) => n.created_at)].sort().reverse(),
    );
  });

  it('GET /api/notificationsV2 pages all, today and yesterday in the caller zone, by type and date range, with totals', async () => {
    const card = await freshEvent();
    const zone = 'Asia/Manila';
    // One notification dated yesterday and one 10 days ago (in Manila), for the lead only.
    const yesterday = await db().execute(
      sql`select ((((now() at time zone ${zone})::date - 1)::timestamp + interval '12 hours') at time zone ${zone}) as at`,
    );
    const at = new Date(String((yesterday as { rows: { at: string | Date }[] }).rows[0]!.at));
    await db()
      .insert(notifications)
      .values([
        { recipientId: a.lead.id, cardId: card.id, type: 'card_comment', data: 'yesterday', createdAt: at },
        {
          recipientId: a.lead.id,
          cardId: card.id,
          type: 'card_comment_tag',
          data: 'ten days ago',
          createdAt: new Date(Date.now() - 10 * 86_400_000),
        },
      ]);
    type V2 = {
      allNotifications: NotificationView[];
      todayNotifications: NotificationView[];
      yesterdayNotifications: NotificationView[];
      allNotificationsCount: number;
      todayCount: number;
      yesterdayCount: number;
    };
    const v2 = async (query: string) => {
      const res = await send('GET', `/api/notificationsV2${query}`, 'lead', undefined, zone);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<V2>();
    };
    const all = await v2('');
    const total = (await db().select().from(notifications).where(eq(notifications.recipientId, a.lead.id))).length;
    expect(all.allNotificationsCount).toBe(total);
    expect(all.yesterdayCount).toBe(1);
    expect(all.todayCount).toBe(total - 2);
    expect(all.yesterdayNotifications.map((n) => n.data)).toEqual(['yesterday']);
    expect(all.todayNotifications.every((n) => n.data !== 'yesterday' && n.data !== 'ten days ago')).toBe(true);

    expect((await v2('?group=yesterday')).allNotifications.map((n) => n.data)).toEqual(['yesterday']);
    const today = await v2('?group=today');
    expect(today.allNotificationsCount).toBe(total - 2);
    const tagged = await v2('?notification_type=card_comment_tag');
    expect(tagged.allNotifications.every((n) => n.type === 'card_comment_tag')).toBe(true);
    expect(tagged.allNotifications.map((n) => n.data)).toContain('ten days ago');

    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });
    const ranged = await v2(`?date_from=${tenDaysAgo}&date_to=${tenDaysAgo}`);
    expect(ranged.allNotifications.map((n) => n.data)).toEqual(['ten days ago']);

    const pageOne = await v2('?limit=1&page=1');
    const pageTwo = await v2('?limit=1&page=2');
    expect(pageOne.allNotifications).toHaveLength(1);
    expect(pageTwo.allNotifications[0]!.id).not.toBe(pageOne.allNotifications[0]!.id);
    expect(pageOne.allNotificationsCount).toBe(total);
  });

  it('GET /api/notificationsV2 stops counting at the cap and says so, while the pages go on', async () => {
    await db().execute(sql`insert into notifications (recipient_id, type, data, created_at)
      select ${a.helper.id}, 'card_comment', 'bulk ' || g, now() - g * interval '1 minute'
      from generate_series(1, ${NOTIFICATIONS_COUNT_CAP + 60}) g`);
    const res = await send('GET', `/api/notificationsV2?limit=50&page=${NOTIFICATIONS_COUNT_CAP / 50 + 1}`, 'helper');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ allNotifications: unknown[]; allNotificationsCount: number; countsCapped: boolean }>();
    expect(body).toMatchObject({ allNotificationsCount: NOTIFICATIONS_COUNT_CAP, countsCapped: true });
    expect(body.allNotifications).toHaveLength(50);
    expect((await send('GET', '/api/notificationsV2?page=201', 'helper')).statusCode).toBe(400);
    await db().delete(notifications).where(eq(notifications.recipientId, a.helper.id));
  });

  it('POST /api/notifications/read marks the given own ids, or all; another user id is 404 and changes nothing', async () => {
    const card = await freshEvent();
    const [mine] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.cardId, card.id), eq(notifications.recipientId, a.qa.id)));
    const [theirs] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.cardId, card.id), eq(notifications.recipientId, a.customer.id)));

    const unseenBefore = await count('qa');
    const refused = await send('POST', '/api/notifications/read', 'qa', { resultIds: [mine!.id, theirs!.id] });
    expect(refused.statusCode).toBe(404);
    expect(await count('qa')).toBe(unseenBefore);
    const [still] = await db().select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(still!.seenAt).toBeNull();

    for (const bad of [{ resultIds: ['x'] }, { resultIds: [-1] }, { resultIds: 5 }]) {
      expect((await send('POST', '/api/notifications/read', 'qa', bad)).statusCode).toBe(400);
    }
    expect(await count('qa')).toBe(unseenBefore);

    const one = await send('POST', '/api/notifications/read', 'qa', { resultIds: [mine!.id] });
    expect(one.json()).toMatchObject({ success: true, message: MSG.notificationsMarkedRead, marked: 1 });
    expect(await count('qa')).toBe(unseenBefore - 1);

    const stream = connectSse(`${base}/api/events`, bearer(a.qa.token));
    await stream.ready;
    const allRead = await send('POST', '/api/notifications/read', 'qa', {});
    expect(allRead.json()).toMatchObject({ message: MSG.notificationsMarkedRead, notificationsCount: 0 });
    expect(await count('qa')).toBe(0);
    expect((await stream.waitFor((m) => m.event === 'notifications.read')).data).toEqual({ unseen: 0 });
    await stream.close();
    // Only the caller's own were marked.
    const [customerRow] = await db().select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(customerRow!.seenAt).toBeNull();
  });

  it('POST /api/notifications/read and DELETE /api/delete-notifications/3 need no body, with or without the JSON type', async () => {
    const json = { 'content-type': 'application/json' };
    // No body, an empty body sent as JSON, and JSON null all mean "all" (spec 002 §7: none for bulk).
    const bodyless: { label: string; headers: Record<string, string>; payload?: string }[] = [
      { label: 'no body', headers: {} },
      { label: 'no body, JSON type', headers: json },
      { label: 'empty JSON body', headers: json, payload: '' },
      { label: 'blank JSON body', headers: json, payload: ' \n' },
      { label: 'JSON null', headers: json, payload: 'null' },
    ];
    const raw = (method: 'POST' | 'DELETE', url: string, v: (typeof bodyless)[number]) =>
      t.app.inject({
        method,
        url,
        headers: { ...bearer(a.qa.token), ...v.headers },
        ...(v.payload === undefined ? {} : { payload: v.payload }),
      });
    for (const v of bodyless) {
      await freshEvent();
      expect(await count('qa'), v.label).toBeGreaterThan(0);
      const res = await raw('POST', '/api/notifications/read', v);
      expect(res.statusCode, `${v.label}: ${res.body}`).toBe(200);
      expect(res.json(), v.label).toMatchObject({ success: true, notificationsCount: 0 });
      expect(await count('qa'), v.label).toBe(0);

      const [old] = await db()
        .insert(notifications)
        .values({
          recipientId: a.qa.id,
          type: 'card_comment',
          data: 'old',
          createdAt: new Date(Date.now() - 100 * 86_400_000),
        })
        .returning();
      const deleted = await raw('DELETE', '/api/delete-notifications/3', v);
      expect(deleted.statusCode, `${v.label}: ${deleted.body}`).toBe(200);
      expect(deleted.json<{ deleted: number }>().deleted, v.label).toBe(1);
      expect(await db().select().from(notifications).where(eq(notifications.id, old!.id))).toEqual([]);
    }
    // A body that is there but wrong is still 400 and marks nothing.
    await freshEvent();
    const unseen = await count('qa');
    for (const payload of ['{', '[]', '"all"', '{"resultIds":"x"}']) {
      const res = await raw('POST', '/api/notifications/read', { label: payload, headers: json, payload });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await count('qa')).toBe(unseen);
  });

  it('DELETE /api/delete-notifications/3 deletes only the caller notifications older than three months', async () => {
    const card = await cardOf();
    const old = new Date(Date.now() - 100 * 86_400_000);
    const recent = new Date(Date.now() - 60 * 86_400_000);
    const made = await db()
      .insert(notifications)
      .values([
        { recipientId: a.editor.id, cardId: card.id, type: 'card_comment', data: 'old', createdAt: old },
        { recipientId: a.editor.id, cardId: card.id, type: 'card_comment', data: 'recent', createdAt: recent },
        { recipientId: a.admin.id, cardId: card.id, type: 'card_comment', data: 'old, admin', createdAt: old },
      ])
      .returning();
    const res = await send('DELETE', '/api/delete-notifications/3', 'editor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: MSG.notificationsOldDeleted, deleted: 1 });
    const left = await db()
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          made.map((m) => m.id),
        ),
      );
    expect(left.map((r) => r.data).sort()).toEqual(['old, admin', 'recent']);
  });

  it('GET /api/notifications/read-history/{id} lists who of the recipients read it; 404 for one the caller did not get', async () => {
    const card = await freshEvent();
    const rows = await rowsFor(card.id);
    const eventId = rows[0]!.eventId;
    const customerRow = rows.find((r) => r.recipientId === a.customer.id)!;
    await send('POST', '/api/notifications/read', 'customer', { resultIds: [customerRow.id] });
    const history = await send('GET', `/api/notifications/read-history/${eventId}`, 'qa');
    expect(history.statusCode).toBe(200);
    expect(history.json().history).toEqual([
      expect.objectContaining({ client_id: a.customer.id, firstname: 'Cleo', client_type: 'customer' }),
    ]);
    for (const stranger of ['customer2', 'helper', 'admin'] as const) {
      expect((await send('GET', `/api/notifications/read-history/${eventId}`, stranger)).statusCode, stranger).toBe(
        404,
      );
    }
    // The caller's own notification id stands for its event; anyone else's id is 404, even a co-recipient's.
    const qaRow = rows.find((r) => r.recipientId === a.qa.id)!;
    const byRow = await send('GET', `/api/notifications/read-history/${qaRow.id}`, 'qa');
    expect(byRow.statusCode).toBe(200);
    expect(byRow.json()).toEqual(history.json());
    expect((await send('GET', `/api/notifications/read-history/${customerRow.id}`, 'customer')).json()).toEqual(
      history.json(),
    );
    for (const [who, id] of [
      ['qa', customerRow.id],
      ['customer2', qaRow.id],
      ['admin', customerRow.id],
      ['qa', '99999999999'],
      ['qa', '0'],
    ] as const) {
      expect((await send('GET', `/api/notifications/read-history/${id}`, who)).statusCode, `${who} ${id}`).toBe(404);
    }
    expect((await send('GET', '/api/notifications/read-history/no%20such', 'qa')).statusCode).toBe(400);
  });

  it('GET /api/notificationsV2 reads empty parameters as absent, group in any case, and a timestamp as its day in the caller zone', async () => {
    type V2 = { allNotifications: NotificationView[]; allNotificationsCount: number; todayCount: number };
    const v2 = async (query: string, zone = 'Asia/Manila') => {
      const res = await send('GET', `/api/notificationsV2${query}`, 'editor', undefined, zone);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json<V2>();
    };
    await freshEvent();
    // 20:00 UTC on 10 March 2024 is already 11 March in Manila, still 10 March in New York.
    await db()
      .insert(notifications)
      .values({
        recipientId: a.editor.id,
        type: 'card_comment',
        data: 'evening in UTC',
        createdAt: new Date('2024-03-10T20:00:00Z'),
      });
    const plain = await v2('');
    const blank = await v2('?limit=&page=&group=&notification_type=&date_from=&date_to=');
    expect(blank.allNotificationsCount).toBe(plain.allNotificationsCount);
    expect(blank.allNotifications.map((n) => n.id)).toEqual(plain.allNotifications.map((n) => n.id));
    expect(plain.allNotifications.length).toBeGreaterThan(1);

    for (const group of ['All', 'ALL', 'Today', 'TODAY', 'yesterday', 'Yesterday']) {
      const lower = await v2(`?group=${group.toLowerCase()}`);
      expect((await v2(`?group=${group}`)).allNotificationsCount, group).toBe(lower.allNotificationsCount);
    }
    expect((await v2('?group=Today')).allNotificationsCount).toBe(plain.todayCount);

    const data = (r: V2) => r.allNotifications.map((n) => n.data);
    const range = (from: string, to: string) =>
      `?date_from=${encodeURIComponent(from)}&date_to=${encodeURIComponent(to)}`;
    expect(data(await v2(range('2024-03-11', '2024-03-11')))).toEqual(['evening in UTC']);
    expect(data(await v2(range('2024-03-10', '2024-03-10')))).toEqual([]);
    // Timestamps with an offset: the Manila day of each instant (both 11 March there).
    expect(data(await v2(range('2024-03-10T18:00:00Z', '2024-03-11T10:00:00+08:00')))).toEqual(['evening in UTC']);
    expect(data(await v2(range('2024-03-10T18:00:00.000Z', '2024-03-10T18:30:00Z')))).toEqual(['evening in UTC']);
    // The same instants are 10 March in New York.
    expect(data(await v2(range('2024-03-10T18:00:00Z', '2024-03-10T18:30:00Z'), 'America/New_York'))).toEqual([
      'evening in UTC',
    ]);
    expect(data(await v2(range('2024-03-11T12:00:00Z', '2024-03-11T12:00:00Z'), 'America/New_York'))).toEqual([]);
    // Without an offset a timestamp is a wall-clock time: its own date.
    expect(data(await v2(range('2024-03-11T23:59:59', '2024-03-11T00:00')))).toEqual(['evening in UTC']);

    for (const [query, field] of [
      ['?group=week', 'group'],
      ['?group=to%20day', 'group'],
      ['?limit=abc', 'limit'],
      ['?page=0', 'page'],
      ['?notification_type=Card_Movement', 'notification_type'],
      ['?date_from=2024-13-01T00:00:00Z', 'date_from'],
      ['?date_from=2024-02-30T10:00:00Z', 'date_from'],
      ['?date_to=yesterday', 'date_to'],
      ['?date_to=2024-03-11T10:00:00%2B0800', 'date_to'],
      [`?${range('2024-03-12T00:00:00+08:00', '2024-03-11').slice(1)}`, 'date_from'],
      [`?${range('2024-03-11T16:30:00Z', '2024-03-11T23:00:00+08:00').slice(1)}`, 'date_from'],
    ] as const) {
      const res = await send('GET', `/api/notificationsV2${query}`, 'editor', undefined, 'Asia/Manila');
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ field, error_message: expect.any(String) });
    }
  });

  it('GET /api/notifications/types lists the three types; bad queries are 400', async () => {
    const types = await send('GET', '/api/notifications/types', 'customer');
    expect(types.json().types).toEqual(NOTIFICATION_TYPES.map((x) => ({ value: x.value, label: x.label })));
    for (const q of [
      '?limit=0',
      '?limit=51',
      '?page=0',
      '?group=week',
      '?notification_type=x',
      '?date_from=2024-13-01',
      '?date_from=2024-02-02&date_to=2024-02-01',
    ]) {
      const res = await send('GET', `/api/notificationsV2${q}`, 'customer');
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toHaveProperty('error_message');
    }
  });
});
