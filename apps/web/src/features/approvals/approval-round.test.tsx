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
      'GET /api/card/7/watched': { body: { ranges: [[0, 58]], watched: 0.97, duration: 60 } },
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
    await user.click(screen.getByText('Any reviewer'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/card/7/approval')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/card/7/approval')[0]!.body).toEqual({ rule: 'any' });
    unmount();
    wrap(<ApprovalRound card={{ ...card, approval: null }} viewer={viewerFor('customer')} />);
    expect(screen.queryByTestId('approval-round')).toBeNull();
  });

  it('asks before approving what was not watched to 90 %, naming the stretches skipped', async () => {
    const server = fakeServer({
      'POST /api/card/7/decision': { body: { message: 'Approved', approval: ROUND } },
      'GET /api/card/7/watched': {
        body: {
          ranges: [
            [0, 42],
            [70, 100],
          ],
          watched: 0.48,
          duration: 150,
        },
      },
    });
    const user = userEvent.setup();
    wrap(<ApprovalRound card={card} viewer={viewerFor('customer')} />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByTestId('approval-unwatched');
    expect(ask.textContent).toBe("You haven't watched 0:42–1:10, 1:40–2:30 — approve anyway?");
    expect(server.callsTo('POST', '/api/card/7/decision')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Keep watching' }));
    await waitFor(() => expect(screen.queryByTestId('approval-unwatched')).toBeNull());
    expect(server.callsTo('POST', '/api/card/7/decision')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByTestId('approval-approve-anyway'));
    await waitFor(() => expect(server.callsTo('POST', '/api/card/7/decision')).toHaveLength(1));
    expect(server.callsTo('GET', '/api/card/7/watched')).toHaveLength(2);
  });

  it('says on the card when an approval came without watching it all', () => {
    fakeServer({});
    const partly: ApprovalView = {
      ...ROUND,
      decisions: [{ ...ROUND.decisions[0]!, decision: 'approved', watched: 0.6 }],
    };
    wrap(<ApprovalRound card={{ ...card, approval: partly }} viewer={viewerFor('qa')} />);
    expect(screen.getByTestId('approval-partly-watched').textContent).toBe('Approved without watching it all');
  });

  it("shows staff each reviewer's coverage strip over the timeline", async () => {
    fakeServer({
      'GET /api/card/7/coverage': {
        body: {
          video_version: 1,
          duration: 200,
          reviewers: [
            { name: 'Cleo Creator', side: 'customer', ranges: [[0, 200]], watched: 1 },
            {
              name: 'Maria Lopez',
              side: 'guest',
              ranges: [
                [0, 50],
                [100, 134],
              ],
              watched: 0.42,
            },
          ],
        },
      },
    });
    wrap(<ApprovalRound card={card} viewer={viewerFor('qa')} />);
    const strips = await screen.findAllByTestId('coverage-strip');
    expect(strips.map((s) => s.getAttribute('data-reviewer'))).toEqual(['Cleo Creator', 'Maria Lopez']);
    const played = within(strips[1]!).getAllByTestId('coverage-played');
    expect(played.map((p) => [p.style.left, p.style.width])).toEqual([
      ['0%', '25%'],
      ['50%', '17%'],
    ]);
    expect(strips[1]!.textContent).toContain('42 %');
  });

  it('offers the original, and says why when it is not unlocked yet', async () => {
    fakeServer({
      'GET /api/card/7/download': {
        status: 403,
        body: {
          error_message: 'The original of version 2 can be downloaded once it is approved.',
          code: 'ORIGINAL_LOCKED',
        },
      },
    });
    const user = userEvent.setup();
    wrap(<ApprovalRound card={card} viewer={viewerFor('customer')} />);
    await user.click(screen.getByTestId('approval-download'));
    expect(await screen.findByText('The original of version 2 can be downloaded once it is approved.')).toBeTruthy();
  });
});
