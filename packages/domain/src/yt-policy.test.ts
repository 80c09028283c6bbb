import { describe, expect, it } from 'vitest';
import { activityStatusLabel } from './card-status.js';
import type { PolicyActor, PolicyCard } from './card-policy.js';
import { MSG } from './messages.js';
import type { Role } from './roles.js';
import { legalYtMoves, ytMoveVerdict, ytPolicy, ytStatusOnBoard } from './yt-policy.js';

const actor = (role: Role, id = 1, active = true): PolicyActor => ({
  role,
  id,
  active_subscription: role === 'customer' && active,
  has_youtube_helper: false,
});
/** A card of customer 1 whose normal side is complete, on the helper board in `status`. */
const card = (overrides: Partial<PolicyCard> = {}): PolicyCard => ({
  card_status: 'completed_done',
  client_id: 1,
  paused: false,
  is_complete: true,
  is_repurpose_complete: false,
  has_repurpose: false,
  has_youtube_helper: true,
  archived: false,
  assigned_qa_id: null,
  ytHelper_card_status: 'assigned',
  yt_is_complete: false,
  ...overrides,
});

describe('the helper board', () => {
  it('holds a card once it has the helper and its normal side is complete, until archived', () => {
    expect(ytStatusOnBoard(card())).toBe('assigned');
    expect(ytStatusOnBoard(card({ ytHelper_card_status: null }))).toBe('assigned');
    expect(ytStatusOnBoard(card({ is_complete: false, card_status: 'done' }))).toBeNull();
    expect(ytStatusOnBoard(card({ has_youtube_helper: false }))).toBeNull();
    expect(ytStatusOnBoard(card({ archived: true }))).toBeNull();
    expect(ytStatusOnBoard(card({ ytHelper_card_status: 'inDone', yt_is_complete: true }))).toBe('completed');
  });

  it('refuses a move through the wrong call, off the board, or outside the role table', () => {
    const lead = actor('yt-helper-lead');
    expect(ytMoveVerdict(lead, card({ ytHelper_card_status: 'inProgress' }), 'ytQA', 'move')).toEqual({
      code: 'INVALID_CARD_STATUS',
    });
    expect(ytMoveVerdict(lead, card({ ytHelper_card_status: 'inProgress' }), 'ytQA', 'assets')).toBeNull();
    expect(ytMoveVerdict(lead, card({ is_complete: false }), 'inProgress', 'move')).toEqual({
      code: 'INVALID_CARD_STATUS',
    });
    expect(ytMoveVerdict(actor('yt-helper'), card(), 'cancelled', 'move')).toEqual({ code: 'MOVE_NOT_ALLOWED' });
    expect(ytMoveVerdict(actor('customer'), card(), 'inProgress', 'move')).toEqual({ code: 'MOVE_NOT_ALLOWED' });
  });

  it('lists each role its targets from each column', () => {
    const at = (status: PolicyCard['ytHelper_card_status']) => card({ ytHelper_card_status: status });
    expect(legalYtMoves(actor('yt-helper'), at('assigned'))).toEqual(['inProgress']);
    expect(legalYtMoves(actor('yt-helper'), at('inDone'))).toEqual(['inProgress', 'completed']);
    expect(legalYtMoves(actor('admin'), at('ytQA'))).toEqual(['inDone', 'cancelled']);
    expect(legalYtMoves(actor('yt-helper-lead'), at('cancelled'))).toEqual(['assigned']);
    expect(legalYtMoves(actor('admin'), card({ ytHelper_card_status: 'completed', yt_is_complete: true }))).toEqual([]);
    for (const role of ['customer', 'qa', 'editor', 'team-lead'] as const) {
      expect(legalYtMoves(actor(role), at('inDone'))).toEqual([]);
    }
    expect(legalYtMoves(actor('admin'), card({ is_complete: false }))).toEqual([]);
  });
});

describe('ytPolicy', () => {
  const inReview = card({ ytHelper_card_status: 'inDone' });
  const complete = card({ ytHelper_card_status: 'completed', yt_is_complete: true });

  it('offers Revision and Ready For Upload to helpers, Mark As Done to admin, nothing to customers', () => {
    expect(ytPolicy(actor('yt-helper'), inReview)).toMatchObject({
      revision: true,
      markDone: true,
      markDoneLabel: MSG.readyForUpload,
    });
    expect(ytPolicy(actor('admin'), inReview)).toMatchObject({
      revision: true,
      markDone: true,
      markDoneLabel: MSG.markAsDone,
    });
    expect(ytPolicy(actor('customer'), inReview)).toMatchObject({ revision: false, markDone: false, moves: [] });
  });

  it('lets admin and the helper lead assign and set the due date; the link roles edit the description', () => {
    const flags = (role: Role) => {
      const p = ytPolicy(actor(role), inReview);
      return [p.assign, p.editDueDate, p.editDescription];
    };
    expect(flags('admin')).toEqual([true, true, true]);
    expect(flags('yt-helper-lead')).toEqual([true, true, true]);
    expect(flags('yt-helper')).toEqual([false, false, true]);
    expect(flags('team-lead')).toEqual([false, false, true]);
    expect(flags('qa')).toEqual([false, false, false]);
    expect(flags('customer')).toEqual([false, false, false]);
  });

  it('lets the active owner, admin and the helper lead rate the helper side once complete', () => {
    expect(ytPolicy(actor('customer'), complete).rate).toBe(true);
    expect(ytPolicy(actor('customer', 1, false), complete).rate).toBe(false);
    expect(ytPolicy(actor('customer', 2), complete).rate).toBe(false);
    expect(ytPolicy(actor('yt-helper-lead'), complete).rate).toBe(true);
    expect(ytPolicy(actor('yt-helper'), complete).rate).toBe(false);
    expect(ytPolicy(actor('customer'), inReview).rate).toBe(false);
  });
});

describe('activityStatusLabel', () => {
  it('reads both sides of the card', () => {
    expect(activityStatusLabel('editing')).toBe('In Progress');
    expect(activityStatusLabel('yt:inDone')).toBe('YouTube helper: Review');
    expect(activityStatusLabel('yt:bogus')).toBe('yt:bogus');
  });
});
