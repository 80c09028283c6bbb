import { describe, expect, it } from 'vitest';
import { cardTile } from '@cutroom/domain/schemas';
import { makeCardDetail, makeUser } from '../test/fixtures';
import { notePolicyFor, policyActor, policyCard, policyFor, policyNote } from './policy';

describe('the web side of the card policy', () => {
  it('reads the actor from the signed-in user', () => {
    const user = makeUser({
      client_type: 'customer',
      client_id: 50,
      is_active_subscription: false,
      has_youtube_helper: true,
    });
    expect(policyActor(user)).toEqual({
      role: 'customer',
      id: 50,
      active_subscription: false,
      has_youtube_helper: true,
    });
  });

  it('reads a card page reply, archived when it carries an archive date', () => {
    const detail = makeCardDetail({ ytHelper_card_status: 'inDone', yt_card_status: 'inDone' });
    expect(policyCard(detail)).toMatchObject({
      card_status: 'done',
      client_id: 50,
      archived: false,
      ytHelper_card_status: 'inDone',
    });
    expect(policyCard({ ...detail, archived_at: '2026-03-01T00:00:00.000Z' }).archived).toBe(true);
  });

  it('reads a board tile as never archived, with the helper status under its board name', () => {
    const tile = cardTile.parse(makeCardDetail({ yt_card_status: 'ytQA' }));
    expect(policyCard(tile)).toMatchObject({ archived: false, ytHelper_card_status: 'ytQA', assigned_qa_id: 20 });
  });

  it('answers for a user and a card in one call', () => {
    const owner = makeUser({ client_type: 'customer', client_id: 50 });
    expect(policyFor(owner, makeCardDetail()).markDone).toBe(true);
    expect(policyFor({ ...owner, is_active_subscription: false }, makeCardDetail()).markDone).toBe(false);
    expect(policyFor({ ...owner, client_id: 51 }, makeCardDetail()).download).toBe(false);
  });

  it('reads a note and answers what the viewer may do to it', () => {
    const note = { note_by_id: 50, client_type: 'customer' as const, is_deleted: false };
    expect(policyNote(note)).toEqual({
      author_id: 50,
      author_role: 'customer',
      is_deleted: false,
      by_guest: false,
      by_qc: false,
    });
    const customer = makeUser({ client_type: 'customer', client_id: 50 });
    expect(notePolicyFor(customer, note, 'customer')).toEqual({ shown: true, change: true, mark: false, react: true });
    expect(notePolicyFor(makeUser({ client_type: 'qa', client_id: 20 }), note, 'customer')).toEqual({
      shown: true,
      change: false,
      mark: true,
      react: false,
    });
  });

  it("lets staff work delivery QC's notes as items to fix, and no one but an admin change them (issue 51)", () => {
    const note = { note_by_id: 0, client_type: 'qa' as const, is_deleted: false, qc_kind: 'black' as const };
    expect(policyNote(note).by_qc).toBe(true);
    expect(notePolicyFor(makeUser({ client_type: 'qa', client_id: 20 }), note, 'team')).toMatchObject({
      mark: true,
      change: false,
    });
    expect(notePolicyFor(makeUser({ client_type: 'admin', client_id: 1 }), note, 'team')).toMatchObject({
      change: true,
    });
  });

  it("lets no one but an admin change a guest's note, though it is filed under the customer", () => {
    const note = { note_by_id: 50, client_type: 'customer' as const, is_deleted: false, guest_name: 'Maria' };
    expect(policyNote(note).by_guest).toBe(true);
    const customer = makeUser({ client_type: 'customer', client_id: 50 });
    expect(notePolicyFor(customer, note, 'customer')).toMatchObject({ change: false, react: true });
    expect(notePolicyFor(makeUser({ client_type: 'admin', client_id: 1 }), note, 'customer')).toMatchObject({
      change: true,
    });
    expect(notePolicyFor(makeUser({ client_type: 'qa', client_id: 20 }), note, 'customer')).toMatchObject({
      change: false,
      mark: true,
    });
  });
});
