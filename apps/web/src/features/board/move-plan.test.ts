import { describe, expect, it } from 'vitest';
import { MSG, type CardStatus } from '@cutroom/domain';
import { makeCard } from './board-test-kit';
import { cardPermissions, dropTargets, movesFor, planMove, reorderedSorts } from './move-plan';

const customer = {
  client_id: 7,
  client_type: 'customer' as const,
  is_active_subscription: true,
  has_youtube_helper: false,
};

describe('move plan', () => {
  it.each<[CardStatus, CardStatus, string]>([
    ['video_request', 'editing', 'confirm:' + MSG.confirmMoveToEditing],
    ['done', 'editing', 'revision'],
    ['done', 'video_request', 'revision'],
    ['editing', 'on_hold', 'confirm:' + MSG.confirmMove],
    ['video_request', 'canceled', 'confirm:' + MSG.confirmMove],
    ['editing', 'done', 'done'],
    ['editing', 'qa', 'qa'],
    ['done', 'completed_done', 'confirm:' + MSG.confirmMarkComplete],
    ['done', 'repurpose_editing', 'confirm:' + MSG.confirmMove],
    ['repurpose_editing', 'repurpose_done', 'repurpose'],
  ])('%s → %s opens %s', (from, to, dialog) => {
    const plan = planMove(makeCard({ card_status: from }), to);
    expect(plan.dialog.kind === 'confirm' ? `confirm:${plan.dialog.message}` : plan.dialog.kind).toBe(dialog);
  });

  it('gives 24 hours after a revision and 48 before', () => {
    const first = planMove(makeCard({ card_status: 'video_request' }), 'editing').dialog;
    const again = planMove(makeCard({ card_status: 'on_hold', revision_nr: 2 }), 'editing').dialog;
    expect(first.kind === 'confirm' && first.note).toContain('48 hours');
    expect(again.kind === 'confirm' && again.note).toContain('24 hours');
  });

  it('asks QA from Review for a confirmation too', () => {
    expect(planMove(makeCard({ card_status: 'done' }), 'qa').dialog).toEqual({ kind: 'qa', fromDone: true });
  });

  it('hides revision and repurpose from a customer without an active subscription', () => {
    // Issue 11: repurpose moves need the extra on the card, and the owner may complete a done card (the server's rules).
    const card = makeCard({ card_status: 'done', has_repurpose: true });
    expect(movesFor(customer, card)).toEqual([
      'video_request',
      'on_hold',
      'editing',
      'canceled',
      'repurpose_editing',
      'completed_done',
    ]);
    expect(movesFor({ ...customer, is_active_subscription: false }, card)).toEqual(['on_hold', 'canceled']);
  });

  it('offers the repurpose moves only on a card with repurposing turned on, to every role (issue 11)', () => {
    const plain = makeCard({ card_status: 'done' });
    for (const user of [
      customer,
      { ...customer, client_type: 'admin' as const },
      { ...customer, client_type: 'team-lead' as const },
    ]) {
      expect(movesFor(user, plain)).not.toContain('repurpose_editing');
      expect(movesFor(user, { ...plain, has_repurpose: true })).toContain('repurpose_editing');
    }
  });

  it('lets the owning customer with an active subscription drop a done card into Completed (issue 11)', () => {
    const done = makeCard({ card_status: 'done' });
    expect(dropTargets(customer, done).has('updatedDone')).toBe(true);
    expect(dropTargets({ ...customer, is_active_subscription: false }, done).has('updatedDone')).toBe(false);
    expect(dropTargets({ ...customer, client_id: 8 }, done).has('updatedDone')).toBe(false);
    expect(dropTargets({ ...customer, client_type: 'team-lead' }, done).has('updatedDone')).toBe(false);
  });

  it('adds the own column for reordering Video Requests to admins and customers only', () => {
    const request = makeCard({ card_status: 'video_request' });
    expect(dropTargets(customer, request).has('video_request')).toBe(true);
    expect(dropTargets({ ...customer, client_type: 'admin' }, request).has('video_request')).toBe(true);
    expect(dropTargets({ ...customer, client_type: 'editor' }, request).has('video_request')).toBe(false);
  });

  it('takes Mark as done and Archive off the tile of a customer whose subscription lapsed (issue 11)', () => {
    const done = makeCard({ card_status: 'done' });
    expect(cardPermissions(customer, done)).toMatchObject({ markDone: true, archive: true, edit: true });
    expect(cardPermissions({ ...customer, is_active_subscription: false }, done)).toMatchObject({
      markDone: false,
      archive: false,
      edit: true,
    });
  });

  it('offers Mark as done on a tile in Repurpose Done, as the card page does (issue 11)', () => {
    const repurposed = makeCard({ card_status: 'repurpose_done', has_repurpose: true });
    expect(cardPermissions(customer, repurposed).markDone).toBe(true);
    expect(cardPermissions({ ...customer, client_type: 'editor' }, repurposed).markDone).toBe(false);
  });

  it('lets admins and team leads pause a done card from its tile, not a complete or canceled one', () => {
    const lead = { ...customer, client_type: 'team-lead' as const, client_id: 1 };
    expect(cardPermissions(lead, makeCard({ card_status: 'done' })).pause).toBe(true);
    expect(cardPermissions(lead, makeCard({ card_status: 'editing', paused: true })).pause).toBe(true);
    expect(cardPermissions(lead, makeCard({ card_status: 'completed_done', is_complete: true })).pause).toBe(false);
    expect(cardPermissions(lead, makeCard({ card_status: 'canceled' })).pause).toBe(false);
    expect(cardPermissions(customer, makeCard({ card_status: 'editing' })).pause).toBe(false);
  });

  it('lets nobody but an admin drag a paused card', () => {
    const paused = makeCard({ card_status: 'editing', paused: true });
    expect(dropTargets(customer, paused).size).toBe(0);
    expect(dropTargets({ ...customer, client_type: 'admin' }, paused).has('qa')).toBe(true);
  });

  it('reorders with the same sort values, made strict where they were equal', () => {
    const cards = [
      makeCard({ card_id: 1, sort: 3 }),
      makeCard({ card_id: 2, sort: 3 }),
      makeCard({ card_id: 3, sort: 8 }),
    ];
    const { order, changes } = reorderedSorts(cards, 2, 0);
    expect(order.map((c) => [c.card_id, c.sort])).toEqual([
      [3, 3],
      [1, 4],
      [2, 8],
    ]);
    expect(changes).toEqual([
      { card_id: 3, sort: 3 },
      { card_id: 1, sort: 4 },
      { card_id: 2, sort: 8 },
    ]);
  });
});
