import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCardDetail } from '../../test/fixtures';
import { FakeEventSource } from '../../test/fake-event-source';
import { deferred, type RecordedCall } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { TAB_ID } from '../../lib/tab-id';
import { commentsReply, stubDocumentFonts } from '../../test/card-test-kit';
import { boardServer, makeCard } from './board-test-kit';

/** Page loads of one column (the summary call asks for one card with counts). */
const pageLoads = (calls: RecordedCall[], section: string) =>
  calls.filter((c) => {
    const body = c.body;
    if (c.path !== '/api/getCards' || typeof body !== 'object' || body === null) return false;
    return 'section' in body && body.section === section && 'limit' in body && body.limit === 10;
  }).length;

/** Longer than the board's batching of events, so a refetch an event would cause has started. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));

const stream = () => FakeEventSource.live()[0]!;

describe("this tab's own live events", { timeout: 15_000 }, () => {
  beforeAll(stubDocumentFonts);
  beforeEach(() => FakeEventSource.install());

  it('a move made here refetches its two columns once, though its event comes back on the stream', async () => {
    const reply = deferred();
    const server = boardServer('customer', [makeCard({ card_id: 1 })], { 'POST /api/card/1/timeline': reply.handler });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('status-menu-1'));
    await user.click(await screen.findByRole('menuitem', { name: 'Editing' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const before = {
      video_request: pageLoads(server.calls, 'video_request'),
      editing: pageLoads(server.calls, 'editing'),
    };
    const since = (section: 'video_request' | 'editing') => pageLoads(server.calls, section) - before[section];

    // The server announces the move (naming this tab) before its reply reaches us.
    act(() => stream().emit('card.moved', { card_id: 1, from: 'video_request', to: 'editing', by: 7, origin: TAB_ID }));
    await settle();
    reply.release({ body: { success: true, message: 'Card moved' } });
    await waitFor(() => expect([since('video_request'), since('editing')]).toEqual([1, 1]));
    await settle();
    expect([since('video_request'), since('editing')]).toEqual([1, 1]);

    // The same move made in another tab is news here.
    act(() =>
      stream().emit('card.moved', { card_id: 1, from: 'video_request', to: 'editing', by: 7, origin: 'other-tab-42' }),
    );
    await waitFor(() => expect([since('video_request'), since('editing')]).toEqual([2, 2]));
  });

  it('the board and a quick view share one stream, and the board still hears changes made in the quick view', async () => {
    const server = boardServer('admin', [makeCard({ card_id: 7 }), makeCard({ card_id: 8, card_status: 'editing' })], {
      'GET /api/card/7': { body: makeCardDetail() },
      'GET /api/add-card-event/7': { body: { success: true, message: 'Recorded' } },
      'GET /api/card/7/commentsV2': commentsReply([]),
      'GET /api/card/7/team/commentsV2': commentsReply([]),
    });
    renderApp('/#card-7');
    await screen.findByTestId('card-detail', {}, { timeout: 5_000 });
    await screen.findByTestId('card-7');
    expect(FakeEventSource.opened).toHaveLength(1);

    const before = {
      video_request: pageLoads(server.calls, 'video_request'),
      editing: pageLoads(server.calls, 'editing'),
    };
    // A title changed in the quick view reloaded only the card: its event refreshes the tile below.
    act(() => stream().emit('card.updated', { card_id: 7, card_title: 'New title', origin: TAB_ID }));
    // A change this tab made to another card was refreshed by the call that made it.
    act(() => stream().emit('card.updated', { card_id: 8, paused: true, origin: TAB_ID }));
    await waitFor(() => expect(pageLoads(server.calls, 'video_request')).toBe(before.video_request + 1));
    await settle();
    expect(pageLoads(server.calls, 'editing')).toBe(before.editing);
  });
});
