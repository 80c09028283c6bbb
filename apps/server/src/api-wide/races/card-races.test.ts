import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@cutroom/domain';
import { cards } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { errorCodes, fireAtOnce, RACERS, statusesOf, winners } from './fire.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

const call = (token: string, url: string, payload: object = {}, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const cardOf = async (id: number) => (await t.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;
const newCard = (values: Partial<typeof cards.$inferInsert> = {}) =>
  insertCard(t.database.db, { clientId: a.customer.id, assignedQaId: a.qa.id, ...values });
const cardsTitled = async (title: string) =>
  t.database.db
    .select()
    .from(cards)
    .where(and(eq(cards.clientId, a.customer.id), sql`lower(${cards.cardTitle}) = ${title.toLowerCase()}`));

/** Twenty cards renamed to one title at once: one takes it, the others get the spec's duplicate message. */
async function renameAllTo(title: string, rename: (cardId: number) => ReturnType<typeof call>) {
  const many = await Promise.all(Array.from({ length: RACERS }, () => newCard()));
  const replies = await fireAtOnce((i) => rename(many[i]!.id));
  statusesOf(replies);
  expect(winners(replies)).toHaveLength(1);
  expect(errorCodes(replies)).toEqual({ CARD_TITLE_EXISTS: RACERS - 1 });
  expect(new Set(replies.filter((r) => r.statusCode === 409).map((r) => r.json().error_message))).toEqual(
    new Set([MSG.cardTitleExists]),
  );
  const holders = await cardsTitled(title);
  expect(holders.map((c) => c.id)).toEqual([many[winners(replies)[0]!]!.id]);
}

describe('card races, 20 at once', () => {
  it("admin title edits: one card takes the title, whatever the case, the rest get the spec's message", () =>
    renameAllTo('Raced rename', (id) =>
      call(a.admin.token, `/api/card/${id}/updateCardDetail`, { card_title: `RACED rename` }, 'PUT'),
    ));

  it("request edits: one card takes the title, the rest get the spec's message", () =>
    renameAllTo('Raced request edit', (id) =>
      call(
        a.customer.token,
        `/api/card/${id}`,
        {
          card_title: 'Raced request edit',
          dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
          youtube_aspect_ratio: '16:9',
          video_purpose: 'podcast',
        },
        'PUT',
      ),
    ));

  it('enable repurpose: the first turns it on with its fields, the rest are told it is already on', async () => {
    const card = await newCard({ cardStatus: 'done' });
    const replies = await fireAtOnce((i) =>
      call(a.customer.token, `/api/card/${card.id}/enableCardRepurpose`, {
        repurpose_aspect: ['9:16'],
        repurpose_headline: `Headline ${i}`,
      }),
    );
    statusesOf(replies);
    const [won] = winners(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ VALIDATION: RACERS - 1 });
    expect(await cardOf(card.id)).toMatchObject({ hasRepurpose: true, repurposeHeadline: `Headline ${won}` });
  });

  it('enable the YouTube helper: one turns it on, the rest are told it is already on', async () => {
    const card = await newCard({ cardStatus: 'editing' });
    const replies = await fireAtOnce(() => call(a.customer.token, `/api/card/${card.id}/enableCardYtHelper`));
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ VALIDATION: RACERS - 1 });
    expect(await cardOf(card.id)).toMatchObject({ hasYoutubeHelper: true });
  });
});
