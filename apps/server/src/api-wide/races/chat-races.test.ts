import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardNotes } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, insertCard, seedWithSessions } from '../../test/helpers.js';
import { errorCodes, fireAtOnce, RACERS, statusesOf, winners } from './fire.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await seedWithSessions(t.database.db);
  cardId = (await insertCard(t.database.db, { clientId: a.customer.id, cardStatus: 'done', assignedQaId: a.qa.id })).id;
});
afterAll(() => t.close());

const call = (token: string, path: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url: `/api/card/${cardId}${path}`, headers: bearer(token), payload });
const noteOf = async (id: number) => (await t.database.db.select().from(cardNotes).where(eq(cardNotes.id, id)))[0]!;
async function postNote(note: string) {
  const res = await call(a.customer.token, '/comment', { note });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

describe('chat races, 20 at once', () => {
  it('deleting one comment: one deletes it, the rest find nothing to delete', async () => {
    const noteId = await postNote('Delete me');
    const replies = await fireAtOnce(() => call(a.customer.token, '/deleteComment', { note_id: noteId }));
    statusesOf(replies);
    expect(winners(replies)).toHaveLength(1);
    expect(errorCodes(replies)).toEqual({ NOT_FOUND: RACERS - 1 });
    expect((await noteOf(noteId)).isDeleted).toBe(true);
  });

  it('edits against deletes: one delete wins and the comment stays deleted with an edited or original text', async () => {
    const noteId = await postNote('Original');
    const replies = await fireAtOnce((i) =>
      i % 2
        ? call(a.customer.token, '/deleteComment', { note_id: noteId })
        : call(a.customer.token, `/comment/${noteId}`, { note: `Edit ${i}` }, 'PUT'),
    );
    statusesOf(replies);
    expect(winners(replies).filter((i) => i % 2)).toHaveLength(1);
    const note = await noteOf(noteId);
    expect(note.isDeleted).toBe(true);
    expect(note.note).toMatch(/^(Original|Edit \d+)$/);
  });

  it('reactions and marks together: every toggle is answered, and the comment ends in states someone chose', async () => {
    const noteId = await postNote('React to me');
    const replies = await fireAtOnce((i) =>
      i % 2
        ? call(a.customer.token, '/noteReaction', { note_id: noteId, status: i % 4 === 1 ? 1 : 0 })
        : call(a.lead.token, '/markCommentComplete', { note_id: noteId, status: i % 4 === 0 ? 1 : 0 }),
    );
    expect(statusesOf(replies)).toEqual(Array<number>(RACERS).fill(200));
    expect(await noteOf(noteId)).toMatchObject({ note: 'React to me', isDeleted: false });
  });
});
