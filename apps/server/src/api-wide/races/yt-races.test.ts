import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardActivity, cards } from '../../db/schema.js';
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

const onBoard = (status: string) =>
  insertCard(t.database.db, {
    clientId: a.customer.id,
    cardStatus: 'completed_done',
    isComplete: true,
    hasYoutubeHelper: true,
    ytCardStatus: status,
    ytHelperId: a.helper.id,
  });
const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('helper board races, 20 at once', () => {
  it('twenty moves of one card from the status they saw: exactly one wins, one activity row', async () => {
    const card = await onBoard('assigned');
    const replies = await fireAtOnce((i) =>
      post(i % 2 ? a.helper.token : a.helperLead.token, `/api/ythelper/card/${card.id}/move`, {
        source: 'assigned',
        target: 'inProgress',
      }),
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ STALE_MOVE: RACERS - 1 });
    const moves = await t.database.db.select().from(cardActivity).where(eq(cardActivity.cardId, card.id));
    expect(moves).toHaveLength(1);
  });

  it('twenty completions with a rating at once: one completes, the card is rated once', async () => {
    const card = await onBoard('inDone');
    const replies = await fireAtOnce(() =>
      post(a.helperLead.token, `/api/ythelper/card/${card.id}/markComplete`, { status: 1, rating: 5 }),
    );
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    const [after] = await t.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect([after!.ytCardStatus, after!.ytIsComplete]).toEqual(['completed', true]);
  });
});
