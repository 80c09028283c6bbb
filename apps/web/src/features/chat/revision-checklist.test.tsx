import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { ChecklistReply } from '@cutroom/domain/schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { fakeServer } from '../../test/fake-server';
import { makeCard } from '../board/board-test-kit';
import { QaDialog } from '../board/dialogs/qa-dialog';
import { makeNote, stubDocumentFonts } from '../../test/card-test-kit';
import { CommentItem } from './comment-item';
import { ChecklistBadge } from './revision-checklist';
import { WontFixDialog } from './wont-fix-dialog';

const item = (over: Partial<ChecklistReply['items'][number]>): ChecklistReply['items'][number] => ({
  note_id: 1,
  round: 1,
  state: 'open',
  text: '@VT{12} The logo is too small',
  author: 'Cleo Creator',
  video_time: 12,
  note_for_video_number: 1,
  wont_fix_reason: null,
  ...over,
});
const CHECKLIST: ChecklistReply = {
  last_round: 1,
  open: 1,
  items: [
    item({ note_id: 1 }),
    item({ note_id: 2, state: 'fixed', text: 'Typo in the title card', video_time: 4 }),
    item({ note_id: 3, state: 'wont_fix', text: 'Bigger font', video_time: null, wont_fix_reason: 'Brand kit size' }),
    item({ note_id: 4, round: 0, state: 'fixed', text: 'Older note' }),
  ],
};

const wrap = (ui: React.ReactNode) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );

describe('the revision checklist in the browser', () => {
  beforeAll(stubDocumentFonts);

  it("shows at a glance how many notes are open, and the last round's notes with their state", async () => {
    fakeServer({ 'GET /api/card/5/checklist': { body: CHECKLIST } });
    const user = userEvent.setup();
    wrap(<ChecklistBadge cardId={5} open={1} />);
    await user.click(await screen.findByRole('button', { name: 'Revision checklist: 1 note to fix' }));
    const list = await screen.findByTestId('checklist');
    expect(within(list).getByText(/round 2/)).toBeTruthy();
    const rows = within(list).getAllByTestId('checklist-item');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['open', 'fixed', 'wont_fix']);
    expect(rows[0]!.textContent).toContain('0:12');
    expect(rows[0]!.textContent).toContain('The logo is too small');
    expect(rows[0]!.textContent).not.toContain('@VT');
    expect(rows[2]!.textContent).toContain("Won't fix: Brand kit size");
    expect(within(list).getByText(/1 note from earlier rounds, all handled/)).toBeTruthy();
  });

  it('says all notes are handled once none is open', async () => {
    fakeServer({ 'GET /api/card/5/checklist': { body: { ...CHECKLIST, open: 0, items: CHECKLIST.items.slice(1) } } });
    wrap(<ChecklistBadge cardId={5} open={0} />);
    expect(await screen.findByRole('button', { name: 'Revision checklist: All 3 notes handled' })).toBeTruthy();
  });

  it('marks a review note by its state, shows the reason, and offers staff the way to set it aside or back', async () => {
    const onWontFix = vi.fn();
    const handlers = {
      onReply: vi.fn(),
      onEdit: vi.fn(),
      editPending: false,
      onDelete: vi.fn(),
      onMark: vi.fn(),
      onReact: vi.fn(),
      onWontFix,
    };
    const qa = { client_id: 3, client_type: 'qa' as const, has_youtube_helper: false, is_active_subscription: true };
    const open = makeNote({ note_id: 7, client_type: 'customer', note_by_id: 9, fix_round: 0 });
    const { unmount } = wrap(<CommentItem note={open} viewer={qa} chat="customer" multiVideo={false} {...handlers} />);
    expect(screen.getByTestId('fix-state').textContent).toBe('To fix');
    await userEvent.click(screen.getByRole('button', { name: "Won't fix" }));
    expect(onWontFix).toHaveBeenCalledWith(open, false);
    unmount();

    const aside = makeNote({ ...open, wont_fix_reason: 'Out of scope' });
    wrap(<CommentItem note={aside} viewer={qa} chat="customer" multiVideo={false} {...handlers} />);
    expect(screen.getByTestId('fix-state').textContent).toBe("Won't fix");
    expect(screen.getByTestId('wont-fix-reason-text').textContent).toBe("Won't fix: Out of scope");
    await userEvent.click(screen.getByRole('button', { name: 'Put back on the list to fix' }));
    expect(onWontFix).toHaveBeenLastCalledWith(aside, true);
  });

  it('asks the reason before setting a note aside', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    wrap(<WontFixDialog note={makeNote({ note: 'Bigger logo' })} pending={false} onCancel={vi.fn()} onSave={onSave} />);
    await user.click(screen.getByTestId('wont-fix-save'));
    expect(await screen.findByText(MSG.wontFixReasonMissing)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('wont-fix-reason'), '  From the brand kit ');
    await user.click(screen.getByTestId('wont-fix-save'));
    expect(onSave).toHaveBeenCalledWith('From the brand kit');
  });

  it('lists the open notes when a card goes to QA, and sends only once the editor confirms', async () => {
    fakeServer({ 'GET /api/card/5/checklist': { body: CHECKLIST } });
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    wrap(
      <QaDialog
        card={makeCard({ card_id: 5, card_status: 'editing', open_fix_items: 1 })}
        fromDone={false}
        onCancel={vi.fn()}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText(/Video link/), 'https://example.com/v2');
    const open = await screen.findByTestId('qa-open-items');
    expect(open.textContent).toContain("Still open from the customer's review: 1.");
    expect(
      within(open)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0:12 · The logo is too small']);
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByTestId('qa-open-items-confirm'));
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ link: 'https://example.com/v2' });
  });
});
