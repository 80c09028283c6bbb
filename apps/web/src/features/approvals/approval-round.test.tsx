import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalView } from '@cutroom/domain/schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { fakeServer } from '../../test/fake-server';
import { makeCardDetail } from '../../test/fixtures';
import { stubDocumentFonts, viewerFor } from '../../test/card-test-kit';
import { ApprovalRound } from './approval-round';

const ROUND: ApprovalView = {
  video_version: 1,
  rule: 'all',
  approved: false,
  pending: ['Cleo Creator', 'Legal'],
  decisions: [
    {
      name: 'Maria Lopez',
      side: 'guest',
      decision: 'changes_requested',
      note: 'Logo too small',
      at: '2026-12-01T15:00:00.000Z',
      watched: 0.42,
    },
  ],
};
const card = makeCardDetail({ card_id: 7, client_id: 50, card_status: 'done', approval: ROUND });
const wrap = (ui: React.ReactNode) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );

describe('the approval round on the card', () => {
  // The note's autosizing field measures with the document's fonts.
  beforeAll(stubDocumentFonts);

  it('shows each decision with how much was watched and who is still to approve; the customer decides with a note', async () => {
    const server = fakeServer({
      'POST /api/card/7/decision': { body: { message: 'Approved', approval: { ...ROUND, pending: ['Legal'] } } },
      'GET /api/card/7': { body: card },
    });
    const user = userEvent.setup();
    wrap(<ApprovalRound card={card} viewer={viewerFor('customer')} />);
    const round = screen.getByTestId('approval-round');
    expect(within(round).getByText('Approval · version 2')).toBeTruthy();
    expect(within(round).getByTestId('approval-state').textContent).toBe('Waiting for 2');
    const decision = within(round).getByTestId('approval-decision');
    expect(decision.textContent).toContain('Maria Lopez');
    expect(decision.textContent).toContain('Changes requested');
    expect(within(decision).getByTestId('approval-watched').textContent).toBe('watched 42 %');
    expect(within(round).getByTestId('approval-pending').textContent).toBe('Still to approve: Cleo Creator, Legal');

    await user.type(within(round).getByLabelText('Note with your decision'), 'Ship it');
    await user.click(within(round).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/card/7/decision')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card/7/decision')[0]!.body).toEqual({
      video_version: 1,
      decision: 'approved',
      note: 'Ship it',
    });
  });

  it('gives staff the rule but no decision of their own, and shows nothing before a delivery', async () => {
    const server = fakeServer({ 'PUT /api/card/7/approval': { body: { message: 'Approval rule saved' } } });
    const user = userEvent.setup();
    const { unmount } = wrap(<ApprovalRound card={card} viewer={viewerFor('qa')} />);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByText('Any reviewer approves'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/card/7/approval')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/card/7/approval')[0]!.body).toEqual({ rule: 'any' });
    unmount();
    wrap(<ApprovalRound card={{ ...card, approval: null }} viewer={viewerFor('customer')} />);
    expect(screen.queryByTestId('approval-round')).toBeNull();
  });
});
