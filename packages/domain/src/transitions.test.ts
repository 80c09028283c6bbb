import { describe, expect, it } from 'vitest';
import { CARD_STATUSES, type CardStatus } from './card-status.js';
import { ROLES, type Role } from './roles.js';
import { allowedMoves, allowedTargets, canMove, moveCallFor } from './transitions.js';

const sorted = (list: CardStatus[]) => [...list].sort();
const card = (card_status: CardStatus, flags: Partial<{ paused: boolean; is_complete: boolean }> = {}) => ({
  card_status,
  paused: false,
  is_complete: false,
  ...flags,
});

/** Spec 000 §4 "Allowed moves by role", row by row, plus the staff flag (editing ↔ done) of DESIGN §4. */
const EXPECTED: Record<Role, Partial<Record<CardStatus, CardStatus[]>>> = {
  admin: {
    video_request: ['on_hold', 'editing', 'qa', 'done', 'canceled', 'repurpose_editing', 'repurpose_done'],
    on_hold: ['video_request', 'editing', 'qa', 'done', 'canceled', 'repurpose_editing', 'repurpose_done'],
    editing: ['video_request', 'on_hold', 'qa', 'done', 'canceled', 'repurpose_editing', 'repurpose_done'],
    qa: ['video_request', 'on_hold', 'editing', 'done', 'canceled', 'repurpose_editing', 'repurpose_done'],
    done: [
      'video_request',
      'on_hold',
      'editing',
      'qa',
      'canceled',
      'repurpose_editing',
      'repurpose_done',
      'completed_done',
    ],
    repurpose_editing: ['video_request', 'on_hold', 'editing', 'qa', 'done', 'canceled', 'repurpose_done'],
    repurpose_done: ['video_request', 'on_hold', 'editing', 'qa', 'repurpose_editing', 'completed_done'],
  },
  'team-lead': {
    video_request: ['editing', 'canceled'],
    on_hold: ['editing', 'canceled'],
    editing: ['on_hold', 'qa', 'canceled', 'done'],
    qa: ['on_hold', 'editing', 'done', 'canceled'],
    done: ['video_request', 'on_hold', 'canceled', 'repurpose_editing', 'editing'],
    repurpose_editing: ['repurpose_done'],
  },
  editor: {
    video_request: ['editing', 'canceled'],
    on_hold: ['editing', 'canceled'],
    editing: ['on_hold', 'qa', 'canceled', 'done'],
    qa: ['on_hold', 'editing', 'done', 'canceled'],
    done: ['video_request', 'on_hold', 'canceled', 'repurpose_editing', 'editing'],
    repurpose_editing: ['repurpose_done'],
  },
  customer: {
    video_request: ['editing'],
    on_hold: ['editing'],
    editing: ['on_hold', 'qa'],
    qa: ['on_hold', 'done'],
    done: ['video_request', 'on_hold', 'editing', 'canceled', 'repurpose_editing'],
    repurpose_editing: ['repurpose_done'],
  },
  qa: {
    video_request: ['editing'],
    on_hold: ['editing'],
    editing: ['on_hold', 'qa', 'done'],
    qa: ['on_hold', 'done'],
    done: ['editing'],
  },
  'yt-helper': { video_request: ['canceled'], editing: ['done'], done: ['editing'] },
  'yt-helper-lead': { video_request: ['canceled'], editing: ['done'], done: ['editing'] },
};

describe('allowedTargets', () => {
  for (const role of ROLES) {
    for (const from of CARD_STATUSES) {
      const expected = EXPECTED[role][from] ?? [];
      it(`${role}: ${from} → ${expected.join(', ') || 'none'}`, () => {
        expect(sorted(allowedTargets(role, from))).toEqual(sorted(expected));
      });
    }
  }

  it('canceled and completed cards allow no move for anyone', () => {
    for (const role of ROLES) {
      expect(allowedTargets(role, 'canceled')).toEqual([]);
      expect(allowedTargets(role, 'completed_done')).toEqual([]);
    }
  });
});

describe('allowedMoves', () => {
  it('paused or complete cards move only for admin', () => {
    for (const flags of [{ paused: true }, { is_complete: true }]) {
      expect(allowedMoves('customer', card('editing', flags))).toEqual([]);
      expect(allowedMoves('team-lead', card('editing', flags))).toEqual([]);
      expect(allowedMoves('admin', card('editing', flags)).length).toBeGreaterThan(0);
    }
    expect(canMove('customer', card('editing'), 'qa')).toBe(true);
    expect(canMove('customer', card('editing'), 'canceled')).toBe(false);
  });
});

describe('moveCallFor', () => {
  it.each([
    ['video_request', 'editing', 'timeline'],
    ['on_hold', 'editing', 'timeline'],
    ['done', 'editing', 'revision'],
    ['done', 'video_request', 'revision'],
    ['editing', 'qa', 'moveToQa'],
    ['qa', 'done', 'done'],
    ['done', 'completed_done', 'markComplete'],
    ['done', 'repurpose_editing', 'moveCardSub'],
    ['repurpose_editing', 'repurpose_done', 'moveCardSub'],
    ['editing', 'on_hold', 'move'],
    ['video_request', 'canceled', 'move'],
  ] as const)('%s → %s goes through %s', (from, to, call) => {
    expect(moveCallFor(from, to)).toBe(call);
  });
});
