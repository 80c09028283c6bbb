import { describe, expect, it } from 'vitest';
import { MSG, type CardStatus } from '@cutroom/domain';
import { makeCard } from './board-test-kit';
import { dropTargets, movesFor, planMove, reorderedSorts } from './move-plan';

const customer = { client_id: 7, client_type: 'customer' as const, is_active_subscription: true };

describe('move plan', () => {
  it.each<[CardStatus, CardStatus, string]>([
    ['video_request', 'editing', 'confirm:' + MSG.confirmMoveToEditing],
    ['done', 'editing', 'confirm:' + MSG.confirmRevision],
    ['done', 'video_request', 'confirm:' + MSG.confirmRevision],
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
    const card = makeCard({ card_status: 'done' });
    expect(movesFor(customer, card)).toEqual(['video_request', 'on_hold', 'editing', 'canceled', 'repurpose_editing']);
    expect(movesFor({ ...customer, is_active_subscription: false }, card)).toEqual(['on_hold', 'canceled']);
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
