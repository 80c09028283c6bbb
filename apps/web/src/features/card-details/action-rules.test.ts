import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@cutroom/domain';
import { cardActions, defaultTab, isQaLocked, type ActionCard, type ActionViewer } from './action-rules';
import { makeCardDetail } from '../../test/card-test-kit';

const viewer = (role: Role, active = true): ActionViewer => ({
  client_type: role,
  client_id: role === 'customer' ? 50 : 1,
  is_active_subscription: active,
  has_youtube_helper: false,
});
const card = (over: Partial<ActionCard> = {}): ActionCard => ({ ...makeCardDetail(), ...over });
const keys = (v: ActionViewer, c: ActionCard, own = true) => cardActions(v, c, own).map((a) => a.key);

describe('action buttons per role (spec 001 §4, §6)', () => {
  it('gives the customer and admins Revision, Mark As Done, Archive and Download on a card in review', () => {
    expect(keys(viewer('customer'), card())).toEqual(['revision', 'markDone', 'archive', 'download']);
    // Issue 11: the policy (the server's rule) pauses cards in review too, so admins also get Pause here.
    expect(keys(viewer('admin'), card())).toEqual(['revision', 'markDone', 'archive', 'pause', 'download']);
    expect(cardActions(viewer('customer'), card(), true).find((a) => a.key === 'markDone')?.label).toBe('Mark As Done');
  });

  it('gives other staff none of the customer actions on a card in review', () => {
    // Issue 11: the team lead's Pause is not a customer action, and a card in review can be paused.
    expect(keys(viewer('team-lead'), card())).toEqual(['pause']);
    for (const role of ['editor', 'qa', 'yt-helper', 'yt-helper-lead'] as const) {
      expect(keys(viewer(role), card())).toEqual([]);
    }
  });

  it('turns Mark As Done into Rate once the card is complete', () => {
    const done = card({ card_status: 'completed_done', is_complete: true });
    expect(keys(viewer('customer'), done)).toEqual(['rate', 'archive', 'download']);
    expect(keys(viewer('admin'), done)).toEqual(['rate', 'archive', 'download']);
  });

  it('hides Revision and Repurpose (and the other owner actions) from customers without an active subscription', () => {
    const withRepurpose = card({ has_repurpose: true });
    expect(keys(viewer('customer'), withRepurpose)).toEqual([
      'revision',
      'markDone',
      'repurpose',
      'archive',
      'download',
    ]);
    expect(keys(viewer('customer', false), withRepurpose)).toEqual(['download']);
  });

  it('offers Repurpose only for a reviewed card with repurposing still to do', () => {
    expect(keys(viewer('admin'), card({ has_repurpose: true }))).toContain('repurpose');
    expect(keys(viewer('admin'), card({ has_repurpose: true, is_repurpose_complete: true }))).not.toContain(
      'repurpose',
    );
    expect(keys(viewer('admin'), card({ has_repurpose: false }))).not.toContain('repurpose');
  });

  it('lets admins and team leads pause a card in progress and resume a paused one', () => {
    const editing = card({ card_status: 'editing' });
    expect(keys(viewer('admin'), editing)).toEqual(['pause', 'download']);
    expect(keys(viewer('team-lead'), editing)).toEqual(['pause']);
    expect(keys(viewer('team-lead'), card({ card_status: 'editing', paused: true }))).toEqual(['resume']);
    for (const role of ['customer', 'editor', 'qa', 'yt-helper', 'yt-helper-lead'] as const) {
      expect(keys(viewer(role), editing)).not.toContain('pause');
    }
    // Issue 11: a card in review is still in play, so it can be paused (the server always allowed it).
    expect(keys(viewer('admin'), card())).toContain('pause');
    // Complete, canceled and archived cards are not.
    expect(keys(viewer('admin'), card({ card_status: 'completed_done', is_complete: true }))).not.toContain('pause');
    expect(keys(viewer('admin'), card({ card_status: 'canceled' }))).not.toContain('pause');
    expect(keys(viewer('team-lead'), card({ card_status: 'canceled', paused: true }))).toEqual([]);
  });

  it('keeps a paused card in place for customers but not for admins', () => {
    const paused = card({ paused: true });
    expect(keys(viewer('customer'), paused)).not.toContain('revision');
    expect(keys(viewer('admin'), paused)).toContain('revision');
  });

  it('archives done or canceled cards only, and nothing but Download once archived', () => {
    expect(keys(viewer('customer'), card({ card_status: 'canceled' }))).toEqual(['archive', 'download']);
    expect(keys(viewer('customer'), card({ card_status: 'editing' }))).toEqual(['download']);
    expect(keys(viewer('admin'), card({ archived_at: '2026-03-01T00:00:00.000Z' }))).toEqual(['download']);
  });

  it('offers Download to customers and admins only, and only for files on our own storage', () => {
    for (const role of ROLES) {
      expect(keys(viewer(role), card({ card_status: 'editing' })).includes('download')).toBe(
        role === 'customer' || role === 'admin',
      );
    }
    expect(keys(viewer('customer'), card(), false)).not.toContain('download');
  });

  it("shows 'Ready For Upload' to YouTube-helper roles when the helper section is in review", () => {
    const helperCard = card({ has_youtube_helper: true, ytHelper_card_status: 'inDone' });
    for (const role of ['yt-helper', 'yt-helper-lead'] as const) {
      expect(cardActions(viewer(role), helperCard, true)).toEqual([
        { key: 'readyForUpload', label: 'Ready For Upload' },
      ]);
    }
    expect(keys(viewer('yt-helper'), card({ has_youtube_helper: true, ytHelper_card_status: 'inProgress' }))).toEqual(
      [],
    );
    expect(keys(viewer('admin'), helperCard)).not.toContain('readyForUpload');
  });

  it('opens customers on Video & Comments and everyone else on Details, and locks QA cards for customers', () => {
    for (const role of ROLES) expect(defaultTab(role)).toBe(role === 'customer' ? 'review' : 'details');
    expect(isQaLocked('customer', 'qa')).toBe(true);
    expect(isQaLocked('customer', 'done')).toBe(false);
    expect(isQaLocked('admin', 'qa')).toBe(false);
  });

  it('offers Pause on a card in review to a team lead, and Resume once paused (issue 11)', () => {
    expect(keys(viewer('team-lead'), card())).toEqual(['pause']);
    expect(keys(viewer('team-lead'), card({ paused: true }))).toEqual(['resume']);
    expect(keys(viewer('team-lead'), card({ card_status: 'repurpose_done', has_repurpose: true }))).toEqual(['pause']);
  });

  it('lets the customer rate an archived card once complete, as the server allows, and nothing else', () => {
    const archived = { archived_at: '2026-03-01T00:00:00.000Z' };
    expect(keys(viewer('customer'), card({ ...archived, card_status: 'completed_done', is_complete: true }))).toEqual([
      'rate',
      'download',
    ]);
    expect(keys(viewer('team-lead'), card({ ...archived, card_status: 'completed_done', is_complete: true }))).toEqual(
      [],
    );
  });

  it("gives a customer nothing on somebody else's card", () => {
    const other = viewer('customer');
    expect(keys({ ...other, client_id: 51 }, card())).toEqual([]);
  });
});
