import { describe, expect, it } from 'vitest';
import {
  cardPolicy,
  legalMoves,
  moveVerdict,
  notePolicy,
  writeChatVerdict,
  type CardAction,
  type PolicyActor,
  type PolicyCard,
} from './card-policy.js';
import { CARD_STATUSES, type CardStatus } from './card-status.js';
import { ROLES, type Role } from './roles.js';
import { allowedTargets, moveCallFor } from './transitions.js';

const OWNER = 50;
const actor = (role: Role, over: Partial<PolicyActor> = {}): PolicyActor => ({
  role,
  id: role === 'customer' ? OWNER : 7,
  active_subscription: true,
  has_youtube_helper: false,
  ...over,
});
const card = (card_status: CardStatus, over: Partial<PolicyCard> = {}): PolicyCard => ({
  card_status,
  client_id: OWNER,
  paused: false,
  is_complete: card_status === 'completed_done',
  is_repurpose_complete: false,
  has_repurpose: false,
  has_youtube_helper: false,
  archived: false,
  assigned_qa_id: 7,
  ...over,
});

/** Who gets each action on a plain card in a status: a row per action, the roles that may, per status. */
type Row = [CardAction, CardStatus[], Role[]];
const ALL_LIVE: CardStatus[] = [
  'video_request',
  'on_hold',
  'editing',
  'qa',
  'done',
  'repurpose_editing',
  'repurpose_done',
];
const STAFF: Role[] = ['admin', 'team-lead', 'editor', 'qa', 'yt-helper', 'yt-helper-lead'];
const TABLE: Row[] = [
  ['markDone', ['done', 'repurpose_done'], ['admin', 'customer']],
  ['archive', ['done', 'completed_done', 'canceled'], ['admin', 'customer']],
  ['pause', ALL_LIVE, ['admin', 'team-lead']],
  ['rate', ['completed_done'], ['admin', 'customer']],
  ['revision', ['done'], ['admin', 'customer']],
  ['editRequest', [...CARD_STATUSES], ['admin', 'customer']],
  ['editTitle', [...CARD_STATUSES], ['admin']],
  ['enableRepurpose', CARD_STATUSES.filter((s) => s !== 'canceled'), ['admin', 'customer']],
  ['assign', [...CARD_STATUSES], ['admin', 'team-lead']],
  ['reorder', ['video_request'], ['admin', 'customer']],
  ['editDueDate', [...CARD_STATUSES], STAFF],
  ['editYtLinks', [...CARD_STATUSES], ['admin', 'team-lead', 'yt-helper', 'yt-helper-lead']],
  ['viewActivity', [...CARD_STATUSES], STAFF],
  ['readTeamChat', [...CARD_STATUSES], STAFF],
  ['writeCustomerChat', [...CARD_STATUSES], ROLES.filter(() => true)],
  ['download', [...CARD_STATUSES], ['admin', 'customer']],
];

describe('card policy: who may do what, by role and status', () => {
  for (const [action, statuses, roles] of TABLE) {
    it(`${action}: ${roles.join(', ')} in ${statuses.length} statuses`, () => {
      for (const role of ROLES) {
        for (const status of CARD_STATUSES) {
          const expected = roles.includes(role) && statuses.includes(status);
          // A customer in QA reads the chat but does not write (spec 001 §2).
          const closed = action === 'writeCustomerChat' && role === 'customer' && status === 'qa';
          expect(cardPolicy(actor(role), card(status))[action], `${role} in ${status}`).toBe(expected && !closed);
        }
      }
    });
  }

  it('a customer answers only for their own cards', () => {
    const other = actor('customer', { id: OWNER + 1 });
    const policy = cardPolicy(other, card('done'));
    expect([policy.markDone, policy.archive, policy.editRequest, policy.revision, policy.download]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('an inactive subscription takes away revision, repurpose, mark done, archive and rating, not editing', () => {
    const lapsed = actor('customer', { active_subscription: false });
    const done = cardPolicy(lapsed, card('done', { has_repurpose: true }));
    expect(done.revision || done.repurpose || done.markDone || done.archive).toBe(false);
    expect(done.moves).not.toContain('editing');
    expect(done.moves).not.toContain('repurpose_editing');
    expect(done.editRequest).toBe(true);
    expect(cardPolicy(lapsed, card('completed_done')).rate).toBe(false);
  });

  it('paused and complete cards move only for admin', () => {
    for (const role of ROLES) {
      const paused = legalMoves(actor(role), card('editing', { paused: true }));
      if (role === 'admin') expect(paused.length).toBeGreaterThan(0);
      else expect(paused).toEqual([]);
    }
    // Completion too: the customer's Mark As Done waits for the card to be resumed.
    const pausedDone = card('done', { paused: true });
    expect(cardPolicy(actor('customer'), pausedDone).markDone).toBe(false);
    expect(cardPolicy(actor('admin'), pausedDone).markDone).toBe(true);
  });

  it('pause and resume follow the flag; complete, canceled and archived cards are not paused', () => {
    expect(cardPolicy(actor('admin'), card('done')).pause).toBe(true);
    expect(cardPolicy(actor('admin'), card('done', { paused: true })).resume).toBe(true);
    expect(cardPolicy(actor('admin'), card('done', { paused: true })).pause).toBe(false);
    for (const c of [card('canceled'), card('completed_done'), card('done', { archived: true })]) {
      expect(cardPolicy(actor('team-lead'), c).pause).toBe(false);
    }
  });

  it('archived cards offer no move and come back only through unarchive', () => {
    const archived = card('done', { archived: true });
    expect(legalMoves(actor('admin'), archived)).toEqual([]);
    expect(cardPolicy(actor('admin'), archived).unarchive).toBe(true);
    expect(cardPolicy(actor('team-lead'), archived).unarchive).toBe(true);
    expect(cardPolicy(actor('customer'), archived).unarchive).toBe(false);
    expect(cardPolicy(actor('admin'), card('done')).unarchive).toBe(false);
  });

  it('the YouTube helper: the admin turns it on for anyone, a customer only with it in the plan', () => {
    expect(cardPolicy(actor('customer'), card('editing')).enableYtHelper).toBe(false);
    expect(cardPolicy(actor('customer', { has_youtube_helper: true }), card('editing')).enableYtHelper).toBe(true);
    expect(cardPolicy(actor('admin'), card('editing')).enableYtHelper).toBe(true);
    expect(cardPolicy(actor('admin'), card('editing', { has_youtube_helper: true })).enableYtHelper).toBe(false);
  });

  it('subtitles: admin, helpers and the card’s own QA', () => {
    expect(cardPolicy(actor('qa'), card('qa')).uploadSrt).toBe(true);
    expect(cardPolicy(actor('qa', { id: 8 }), card('qa')).uploadSrt).toBe(false);
    expect(cardPolicy(actor('yt-helper'), card('qa')).uploadSrt).toBe(true);
    expect(cardPolicy(actor('editor'), card('qa')).uploadSrt).toBe(false);
  });
});

describe('moves through the policy', () => {
  it('every legal move is in the role table (or is the owner’s completion) and goes through its own call', () => {
    for (const role of ROLES) {
      for (const status of CARD_STATUSES) {
        for (const to of legalMoves(actor(role), card(status, { has_repurpose: true }))) {
          const completion = to === 'completed_done' && moveCallFor(status, to) === 'markComplete';
          expect(allowedTargets(role, status).includes(to) || completion, `${role} ${status}→${to}`).toBe(true);
          expect(moveVerdict(actor(role), card(status, { has_repurpose: true }), to, moveCallFor(status, to))).toBe(
            null,
          );
        }
      }
    }
  });

  it('a move through the wrong call is refused as an invalid status, a forbidden one as not allowed', () => {
    expect(moveVerdict(actor('admin'), card('video_request'), 'editing', 'move')?.code).toBe('INVALID_CARD_STATUS');
    expect(moveVerdict(actor('qa'), card('video_request'), 'canceled', 'move')?.code).toBe('MOVE_NOT_ALLOWED');
    expect(moveVerdict(actor('admin'), card('done'), 'repurpose_editing', 'moveCardSub')?.code).toBe(
      'INVALID_CARD_DATA',
    );
  });

  it('completion is the active owner’s or an admin’s, never the move table’s', () => {
    expect(legalMoves(actor('customer'), card('done'))).toContain('completed_done');
    expect(legalMoves(actor('team-lead'), card('done'))).not.toContain('completed_done');
    expect(legalMoves(actor('customer', { active_subscription: false }), card('done'))).not.toContain('completed_done');
  });
});

describe('chat and note policy', () => {
  const note = (author_role: Role, over: { author_id?: number; is_deleted?: boolean } = {}) => ({
    author_role,
    author_id: over.author_id ?? (author_role === 'customer' ? OWNER : 9),
    is_deleted: over.is_deleted ?? false,
  });
  const rows: [string, PolicyActor, ReturnType<typeof note>, 'customer' | 'team', ReturnType<typeof notePolicy>][] = [
    [
      'author edits own',
      actor('editor', { id: 9 }),
      note('editor'),
      'team',
      { shown: true, change: true, mark: false, react: false },
    ],
    [
      'admin edits staff note',
      actor('admin'),
      note('qa'),
      'team',
      { shown: true, change: true, mark: false, react: false },
    ],
    [
      'admin may not edit a customer note',
      actor('admin'),
      note('customer'),
      'customer',
      { shown: true, change: false, mark: true, react: false },
    ],
    [
      'staff mark customer notes only',
      actor('qa'),
      note('editor'),
      'customer',
      { shown: true, change: false, mark: false, react: false },
    ],
    [
      'customer reacts to customer notes',
      actor('customer'),
      note('customer'),
      'customer',
      { shown: true, change: true, mark: false, react: true },
    ],
    [
      'customer does not react to staff notes',
      actor('customer'),
      note('qa'),
      'customer',
      { shown: true, change: false, mark: false, react: false },
    ],
    [
      'deleted customer note: admin sees it, nobody changes it',
      actor('admin'),
      note('customer', { is_deleted: true }),
      'customer',
      { shown: true, change: false, mark: false, react: false },
    ],
    [
      'deleted staff note is gone',
      actor('admin'),
      note('qa', { is_deleted: true }),
      'team',
      { shown: false, change: false, mark: false, react: false },
    ],
  ];
  for (const [name, who, n, chat, expected] of rows) {
    it(name, () => expect(notePolicy(who, n, chat)).toEqual(expected));
  }

  it('the team chat does not exist for customers; a customer does not write while the card is in QA', () => {
    expect(writeChatVerdict(actor('customer'), card('editing'), 'team')?.code).toBe('NOT_FOUND');
    expect(writeChatVerdict(actor('customer'), card('qa'), 'customer')?.code).toBe('COMMENTS_CLOSED');
    expect(writeChatVerdict(actor('qa'), card('qa'), 'team')).toBe(null);
  });
});
