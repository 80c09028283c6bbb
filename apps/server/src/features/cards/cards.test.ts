import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import { cardActivity, cards, customerQas, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const base = {
  dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
  youtube_aspect_ratio: '16:9',
  video_purpose: 'podcast',
};
const create = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/card', headers: bearer(token), payload });

describe('creating requests', () => {
  it('creates a request with the QA assigned, sanitized rich text and an activity entry', async () => {
    const res = await create(a.customer.token, {
      ...base,
      card_title: 'MY BIG LAUNCH VIDEO',
      additional_info:
        '<p>Hello <script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><b>bold</b></p>',
      hasYTHelper: true,
      video_thumb_ref: ['https://example.com/a.png', 'https://example.com/b.png'],
      hasRepurpose: true,
      repurpose_aspect: ['9:16', '1:1'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.newRequestCreated });
    const id = res.json().card_id as number;
    const card = await t.app.inject({ method: 'GET', url: `/api/card/${id}`, headers: bearer(a.customer.token) });
    const body = card.json();
    expect(body).toMatchObject({
      card_title: 'My big launch video',
      card_status: 'video_request',
      assigned_qa_id: a.qa.id,
      yt_helper_id: a.helper.id,
      video_thumb_ref: ['https://example.com/a.png', 'https://example.com/b.png'],
      repurpose_aspect: ['9:16', '1:1'],
    });
    expect(body.additional_info).toBe('<p>Hello <a target="_blank" rel="noopener noreferrer">x</a><b>bold</b></p>');
    expect(body).not.toHaveProperty('subscription_type');
    const activity = await t.database.db.select().from(cardActivity).where(eq(cardActivity.cardId, id));
    expect(activity).toMatchObject([{ userId: a.customer.id, fromStatus: null, toStatus: 'video_request' }]);
  });

  it("takes link lists as the spec's pipe-separated text too, and checks each link", async () => {
    const res = await create(a.customer.token, {
      ...base,
      card_title: 'Piped links',
      hasYTHelper: true,
      video_thumb_ref: 'https://example.com/a.png | https://example.com/b.png',
      affiliate_links: 'https://shop.example.com/mic',
    });
    expect(res.statusCode, res.body).toBe(201);
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/card/${res.json().card_id}`,
      headers: bearer(a.customer.token),
    });
    expect(card.json()).toMatchObject({
      video_thumb_ref: ['https://example.com/a.png', 'https://example.com/b.png'],
      affiliate_links: ['https://shop.example.com/mic'],
    });
    const bad = await create(a.customer.token, {
      ...base,
      card_title: 'Bad piped',
      video_thumb_ref: 'https://ok.example.com|not a link',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toMatch(/^video_thumb_ref/);
  });

  it("refuses a duplicate title with the spec's message, whatever its case", async () => {
    await create(a.customer.token, { ...base, card_title: 'Unique title' });
    const dup = await create(a.customer.token, { ...base, card_title: 'UNIQUE TITLE' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error_message: MSG.cardTitleExists, field: 'card_title' });
    // Another customer may use the same title.
    expect((await create(a.customer2.token, { ...base, card_title: 'Unique title' })).statusCode).toBe(201);
  });

  it('settles simultaneous requests with one title: one wins, the rest get the duplicate message, none a 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        create(a.admin.token, { ...base, card_title: 'Raced title', client_id: a.customer.id }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error_message).toBe(MSG.cardTitleExists);
  });

  it('blocks a customer at the request limit and one without QA, with the tooltip texts', async () => {
    // customer2 is on the single plan and created one request above.
    const limited = await create(a.customer2.token, { ...base, card_title: 'One too many' });
    expect(limited.statusCode).toBe(403);
    expect(limited.json().error_message).toBe(MSG.requestLimitReached);
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/getCards',
      headers: bearer(a.customer2.token),
      payload: {},
    });
    expect(board.json()).toMatchObject({ monthlyCardCount: 1, allowance: { used: 1, limit: 1, blocked: 'limit' } });

    // A billing date an admin set in the future still leaves this period's request counted.
    const nextMonth = new Date(Date.now() + 20 * 86_400_000);
    await t.database.db.update(users).set({ billingDate: nextMonth }).where(eq(users.id, a.customer2.id));
    expect((await create(a.customer2.token, { ...base, card_title: 'Billing date ahead' })).json().error_message).toBe(
      MSG.requestLimitReached,
    );

    await t.database.db.delete(customerQas).where(eq(customerQas.customerId, a.customer2.id));
    const noQa = await create(a.customer2.token, { ...base, card_title: 'No QA yet' });
    expect(noQa.json().error_message).toBe(MSG.noQaAssigned);
    // An admin override of the limit lets them through once QA is back.
    await t.database.db.insert(customerQas).values({ customerId: a.customer2.id, qaId: a.qa.id, slot: 0 });
    await t.database.db.update(users).set({ requestLimit: 5 }).where(eq(users.id, a.customer2.id));
    expect((await create(a.customer2.token, { ...base, card_title: 'Allowed now' })).statusCode).toBe(201);
  });

  it('validates the form and the extras of the plan', async () => {
    const cases: [object, string][] = [
      [{ ...base, card_title: '   ' }, 'card_title'],
      [{ ...base, card_title: 'x', dropbox_link: 'not a link' }, 'dropbox_link'],
      [{ ...base, card_title: 'x', youtube_aspect_ratio: 'other' }, 'custom_aspect_ratio'],
      [{ ...base, card_title: 'x', video_purpose: 'nope' }, 'video_purpose'],
      [{ ...base, card_title: 'x', hasRepurpose: true, repurpose_aspect: [] }, 'repurpose_aspect'],
      [{ ...base, card_title: 'x', hasRepurpose: true, repurpose_aspect: ['9:16', '1:1', '4:5'] }, 'repurpose_aspect'],
      [{ ...base, card_title: 'x', hasYTHelper: true }, 'hasYTHelper'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(a.customer2.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const staff = await create(a.qa.token, { ...base, card_title: 'By QA' });
    expect(staff.statusCode).toBe(403);
    const adminNoClient = await create(a.admin.token, { ...base, card_title: 'For whom?' });
    expect(adminNoClient.json()).toMatchObject({ field: 'client_id' });
  });
});

describe('editing', () => {
  it('lets the owner edit, and only an admin change the title alone, with its messages', async () => {
    const card = await insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/card/${card.id}`,
      headers: bearer(a.customer.token),
      payload: { ...base, card_title: 'Edited title', special_instructions: '<p onclick="x()">Do this</p>' },
    });
    expect(edit.json()).toMatchObject({ message: MSG.cardDetailsUpdated });
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/card/${card.id}`,
      headers: bearer(a.customer.token),
      payload: { card_title: 'x' },
    });
    expect(missing.json()).toMatchObject({ field: 'dropbox_link' });

    const title = (token: string, card_title: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/card/${card.id}/updateCardDetail`,
        headers: bearer(token),
        payload: { card_title },
      });
    expect((await title(a.customer.token, 'Nope')).statusCode).toBe(403);
    expect((await title(a.admin.token, 'Edited title')).json().error_message).toBe(MSG.titleUnchanged);
    expect((await title(a.admin.token, '  ')).json().error_message).toBe(MSG.titleEmpty);
    const none = await t.app.inject({
      method: 'PUT',
      url: `/api/card/${card.id}/updateCardDetail`,
      headers: bearer(a.admin.token),
      payload: { oldTitle: 'Edited title' },
    });
    expect(none.json()).toMatchObject({ error_message: MSG.titleEmpty, field: 'card_title' });
    expect((await title(a.admin.token, 'Admin title')).json().message).toBe(MSG.titleUpdated);
    const flag = await t.app.inject({
      method: 'PUT',
      url: `/api/card/${card.id}`,
      headers: bearer(a.admin.token),
      payload: { card_title: 'Flag title', flag: 1 },
    });
    expect(flag.json().message).toBe(MSG.titleUpdated);
    const [row] = await t.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row).toMatchObject({ cardTitle: 'Flag title', specialInstructions: '<p>Do this</p>' });
  });

  it('suggests titles only from cards the caller sees', async () => {
    await insertCard(t.database.db, { clientId: a.customer.id, cardTitle: 'Secret customer one project' });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/getCardsByTitle?title=secret',
      headers: bearer(a.customer.token),
    });
    expect(own.json().titles.map((x: { card_title: string }) => x.card_title)).toContain('Secret customer one project');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/getCardsByTitle?title=secret',
      headers: bearer(a.customer2.token),
    });
    expect(other.json().titles).toEqual([]);
  });
});
