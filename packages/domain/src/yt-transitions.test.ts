import { describe, expect, it } from 'vitest';
import { YT_STATUSES, type YtStatus } from './card-status.js';
import { ROLES, type Role } from './roles.js';
import { allowedYtMoves, allowedYtTargets, ytMoveCallFor } from './yt-transitions.js';

/** Every row of the helper table, spelled out: role → from → targets. */
const EXPECTED: Record<Role, Record<YtStatus, YtStatus[]>> = {
  admin: {
    assigned: ['inProgress', 'cancelled'],
    inProgress: ['ytQA', 'cancelled'],
    ytQA: ['inDone', 'cancelled'],
    inDone: ['inProgress', 'cancelled', 'completed'],
    cancelled: ['assigned'],
    completed: [],
  },
  'yt-helper-lead': {
    assigned: ['inProgress', 'cancelled'],
    inProgress: ['ytQA', 'cancelled'],
    ytQA: ['inDone', 'cancelled'],
    inDone: ['inProgress', 'cancelled', 'completed'],
    cancelled: ['assigned'],
    completed: [],
  },
  'yt-helper': {
    assigned: ['inProgress'],
    inProgress: ['ytQA'],
    ytQA: [],
    inDone: ['inProgress', 'completed'],
    cancelled: [],
    completed: [],
  },
  'team-lead': { assigned: [], inProgress: [], ytQA: [], inDone: [], cancelled: [], completed: [] },
  qa: { assigned: [], inProgress: [], ytQA: [], inDone: [], cancelled: [], completed: [] },
  editor: { assigned: [], inProgress: [], ytQA: [], inDone: [], cancelled: [], completed: [] },
  customer: { assigned: [], inProgress: [], ytQA: [], inDone: [], cancelled: [], completed: [] },
};

describe('the YouTube-helper move table', () => {
  it.each(ROLES.flatMap((role) => YT_STATUSES.map((from) => [role, from] as const)))('%s from %s', (role, from) => {
    expect(allowedYtTargets(role, from)).toEqual(EXPECTED[role][from]);
  });

  it('a paused card moves only for admin', () => {
    expect(allowedYtMoves('yt-helper-lead', { yt_status: 'assigned', paused: true })).toEqual([]);
    expect(allowedYtMoves('yt-helper', { yt_status: 'assigned', paused: true })).toEqual([]);
    expect(allowedYtMoves('admin', { yt_status: 'assigned', paused: true })).toEqual(['inProgress', 'cancelled']);
  });

  it('names the call each move needs', () => {
    expect(ytMoveCallFor('inProgress', 'ytQA')).toBe('assets');
    expect(ytMoveCallFor('inDone', 'inProgress')).toBe('revision');
    expect(ytMoveCallFor('inDone', 'completed')).toBe('markComplete');
    expect(ytMoveCallFor('assigned', 'inProgress')).toBe('move');
    expect(ytMoveCallFor('ytQA', 'inDone')).toBe('assets');
    expect(ytMoveCallFor('assigned', 'cancelled')).toBe('move');
    expect(ytMoveCallFor('cancelled', 'assigned')).toBe('move');
  });
});
