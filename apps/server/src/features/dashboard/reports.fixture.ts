import type { Db } from '../../db/client.js';
import { cardActivity, cardNotes, cardRatings, customerQas, users } from '../../db/schema.js';
import { createSession } from '../../platform/auth.js';
import { insertCard, seedWithSessions } from '../../test/helpers.js';

/**
 * A small known workspace for the reporting tests, on top of the demo seed (whose cards are all made
 * today, far from the range used here). The range is 2025-02-03 … 2025-02-09 in New York (EST, UTC−5
 * throughout: the instants [2025-02-03T05:00Z, 2025-02-10T05:00Z)). The expected figures are worked out
 * by hand in dashboard.test.ts from the timestamps below.
 */
export const RANGE = 'start_date=2025-02-03&end_date=2025-02-09';
const at = (iso: string) => new Date(iso);

async function addUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> & Pick<typeof users.$inferInsert, 'clientType' | 'firstname' | 'lastname'>,
) {
  const [row] = await db
    .insert(users)
    .values({ useremail: `${values.firstname.toLowerCase()}@reports.test`, passwordHash: 'x', ...values })
    .returning();
  return { ...row!, token: await createSession(db, row!.id, false, 'test') };
}

export async function seedReports(db: Db) {
  const a = await seedWithSessions(db);
  // Alice: a second QA of the demo lead (Leo). Zed: another lead, with Nora and her customer Ivy.
  const qa2 = await addUser(db, {
    clientType: 'qa',
    firstname: 'Alice',
    lastname: 'Anders',
    assignedToLeadId: a.lead.id,
  });
  const lead2 = await addUser(db, { clientType: 'team-lead', firstname: 'Zed', lastname: 'Zulu' });
  const qa3 = await addUser(db, { clientType: 'qa', firstname: 'Nora', lastname: 'North', assignedToLeadId: lead2.id });
  const customer3 = await addUser(db, {
    clientType: 'customer',
    firstname: 'Ivy',
    lastname: 'Ice',
    assignedToLeadId: lead2.id,
    isActiveSubscription: false,
  });
  // A deleted customer counts in no average.
  await addUser(db, { clientType: 'customer', firstname: 'Gone', lastname: 'Away', isDeleted: true });
  await db.insert(customerQas).values({ customerId: customer3.id, qaId: qa3.id, slot: 0 });

  const card = (values: Parameters<typeof insertCard>[1]) => insertCard(db, values);
  const cleo = a.customer.id;
  // Quinn's (demo QA's) cards, all of Cleo.
  const c1 = await card({
    clientId: cleo,
    cardTitle: 'C1 delivered on time',
    cardStatus: 'completed_done',
    assignedQaId: a.qa.id,
    createdAt: at('2025-02-03T15:00:00Z'),
    assignedAt: at('2025-02-03T16:00:00Z'),
    doneAt: at('2025-02-04T16:00:00Z'),
    dueDate: at('2025-02-05T16:00:00Z'),
    // Its helper side: assigned, delivered after one helper revision, on time.
    hasYoutubeHelper: true,
    ytHelperId: a.helper.id,
    ytCardStatus: 'inDone',
    ytAssignedTime: at('2025-02-05T00:00:00Z'),
    ytDueDate: at('2025-02-06T00:00:00Z'),
    ytCardRevision: 1,
  });
  const c2 = await card({
    clientId: cleo,
    cardTitle: 'C2 delivered late after a revision',
    cardStatus: 'done',
    assignedQaId: a.qa.id,
    revisionNr: 1,
    createdAt: at('2025-02-04T15:00:00Z'),
    assignedAt: at('2025-02-04T15:00:00Z'),
    doneAt: at('2025-02-06T03:00:00Z'),
    dueDate: at('2025-02-05T15:00:00Z'),
  });
  const c3 = await card({
    clientId: cleo,
    cardTitle: 'C3 overdue revision',
    cardStatus: 'editing',
    assignedQaId: a.qa.id,
    revisionNr: 2,
    createdAt: at('2025-02-05T15:00:00Z'),
    assignedAt: at('2025-02-05T16:00:00Z'),
    dueDate: at('2025-02-06T16:00:00Z'),
  });
  const c4 = await card({
    clientId: cleo,
    cardTitle: 'C4 waiting',
    cardStatus: 'video_request',
    assignedQaId: a.qa.id,
    createdAt: at('2025-02-06T15:00:00Z'),
  });
  const c5 = await card({
    clientId: cleo,
    cardTitle: 'C5 paused in QA',
    cardStatus: 'qa',
    assignedQaId: a.qa.id,
    paused: true,
    createdAt: at('2025-02-07T15:00:00Z'),
    assignedAt: at('2025-02-07T16:00:00Z'),
    dueDate: at('2025-02-08T16:00:00Z'),
  });
  const c6 = await card({
    clientId: cleo,
    cardTitle: 'C6 canceled',
    cardStatus: 'canceled',
    // Canceled cards count only as requested: not in the revision count.
    revisionNr: 1,
    assignedQaId: a.qa.id,
    createdAt: at('2025-02-08T15:00:00Z'),
  });
  // Just outside the range at either end, and an older card rated inside it.
  await card({
    clientId: cleo,
    cardTitle: 'Before',
    cardStatus: 'editing',
    assignedQaId: a.qa.id,
    createdAt: at('2025-02-03T04:59:00Z'),
  });
  await card({
    clientId: cleo,
    cardTitle: 'After',
    cardStatus: 'editing',
    assignedQaId: a.qa.id,
    createdAt: at('2025-02-10T05:00:00Z'),
  });
  const old = await card({
    clientId: cleo,
    cardTitle: 'Old card',
    cardStatus: 'completed_done',
    assignedQaId: a.qa.id,
    createdAt: at('2025-01-10T15:00:00Z'),
    doneAt: at('2025-01-12T15:00:00Z'),
  });
  // Alice's, of Max (demo customer2).
  const d1 = await card({
    clientId: a.customer2.id,
    cardTitle: 'D1 quick delivery',
    cardStatus: 'completed_done',
    assignedQaId: qa2.id,
    createdAt: at('2025-02-04T12:00:00Z'),
    assignedAt: at('2025-02-04T12:00:00Z'),
    doneAt: at('2025-02-04T22:00:00Z'),
    dueDate: at('2025-02-05T12:00:00Z'),
    // Helper side in progress and overdue.
    hasYoutubeHelper: true,
    ytHelperId: a.helper.id,
    ytCardStatus: 'inProgress',
    ytAssignedTime: at('2025-02-05T00:00:00Z'),
    ytDueDate: at('2025-02-06T00:00:00Z'),
  });
  const d2 = await card({
    clientId: a.customer2.id,
    cardTitle: 'D2 editing, due later',
    cardStatus: 'editing',
    assignedQaId: qa2.id,
    createdAt: at('2025-02-05T12:00:00Z'),
    assignedAt: at('2025-02-05T12:00:00Z'),
    dueDate: at('2030-01-01T00:00:00Z'),
  });
  // Nora's, of Ivy.
  const e1 = await card({
    clientId: customer3.id,
    cardTitle: 'E1 late',
    cardStatus: 'done',
    assignedQaId: qa3.id,
    createdAt: at('2025-02-06T12:00:00Z'),
    assignedAt: at('2025-02-06T12:00:00Z'),
    doneAt: at('2025-02-07T00:00:00Z'),
    dueDate: at('2025-02-06T20:00:00Z'),
  });

  const move = (cardId: number, fromStatus: string, toStatus: string, iso: string) => ({
    cardId,
    userId: a.editor.id,
    fromStatus,
    toStatus,
    createdAt: at(iso),
  });
  await db.insert(cardActivity).values([
    // C2: delivered, sent back (in range), delivered again 17 hours later.
    move(c2.id, 'qa', 'done', '2025-02-05T09:00:00Z'),
    move(c2.id, 'done', 'editing', '2025-02-05T10:00:00Z'),
    move(c2.id, 'editing', 'done', '2025-02-06T03:00:00Z'),
    // C3: sent back, not delivered since.
    move(c3.id, 'done', 'video_request', '2025-02-07T12:00:00Z'),
    // C1's helper side: delivered, sent back, delivered again 12 hours later (20 h after assignment).
    move(c1.id, 'yt:inProgress', 'yt:inDone', '2025-02-05T06:00:00Z'),
    move(c1.id, 'yt:inDone', 'yt:inProgress', '2025-02-05T08:00:00Z'),
    move(c1.id, 'yt:inProgress', 'yt:inDone', '2025-02-05T20:00:00Z'),
  ]);

  const rating = (
    cardId: number,
    cardType: 'done' | 'repurpose' | 'yt',
    value: number,
    qaId: number | null,
    iso: string,
    comment: string | null = null,
  ) => ({
    cardId,
    cardType,
    rating: value,
    comment,
    ratedBy: cleo,
    assignedQaId: qaId,
    createdAt: at(iso),
  });
  await db.insert(cardRatings).values([
    rating(c1.id, 'done', 5, a.qa.id, '2025-02-05T12:00:00Z', 'Great work'),
    rating(c1.id, 'repurpose', 1, a.qa.id, '2025-02-06T12:00:00Z'),
    rating(c1.id, 'yt', 4, null, '2025-02-06T12:00:00Z'),
    // Given to Alice when rated, though Quinn has the card now.
    rating(c2.id, 'done', 3, qa2.id, '2025-02-08T12:00:00Z'),
    // No QA kept on the rating: credited to the card's QA (Quinn).
    rating(old.id, 'done', 4, null, '2025-02-04T12:00:00Z', 'Good'),
    // Rated after the range.
    rating(e1.id, 'done', 2, qa3.id, '2025-02-10T06:00:00Z'),
  ]);

  const note = (
    cardId: number,
    chat: 'customer' | 'team' | 'yt',
    authorId: number,
    text: string,
    iso: string,
    isDeleted = false,
  ) => ({
    cardId,
    chat,
    authorId,
    note: text,
    isDeleted,
    createdAt: at(iso),
    updatedAt: at(iso),
  });
  await db.insert(cardNotes).values([
    // C1: one comment answered by the QA 2 hours later; the second answered only in the team chat and by a deleted note.
    note(c1.id, 'customer', cleo, 'Please brighten the intro', '2025-02-04T10:00:00Z'),
    note(c1.id, 'customer', a.qa.id, 'Done, brighter now', '2025-02-04T12:00:00Z'),
    note(c1.id, 'customer', cleo, 'And the outro', '2025-02-04T13:00:00Z'),
    note(c1.id, 'team', a.qa.id, 'Team only', '2025-02-04T14:00:00Z'),
    note(c1.id, 'customer', a.editor.id, 'Deleted answer', '2025-02-04T15:00:00Z', true),
    // C2: answered by the editor 4 hours later; a deleted customer comment does not count.
    note(c2.id, 'customer', cleo, 'Wrong music', '2025-02-05T10:00:00Z'),
    note(c2.id, 'customer', cleo, 'Never mind', '2025-02-05T11:00:00Z', true),
    note(c2.id, 'customer', a.editor.id, 'Music swapped', '2025-02-05T14:00:00Z'),
    // D1: Max's comment, unanswered.
    note(d1.id, 'customer', a.customer2.id, 'Any news?', '2025-02-05T10:00:00Z'),
    // The old card's comment is before the range.
    note(old.id, 'customer', cleo, 'Old comment', '2025-02-01T10:00:00Z'),
    // C1's helper chat: answered by the helper an hour later.
    note(c1.id, 'yt', cleo, 'Thumbnail too dark', '2025-02-05T09:00:00Z'),
    note(c1.id, 'yt', a.helper.id, 'Lightened', '2025-02-05T10:00:00Z'),
  ]);

  return { ...a, qa2, lead2, qa3, customer3, cards: { c1, c2, c3, c4, c5, c6, old, d1, d2, e1 } };
}
