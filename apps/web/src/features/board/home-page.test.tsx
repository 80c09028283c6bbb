import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import { deferred, type RecordedCall } from '../../test/fake-server';
import { lastDaysRange } from '../../lib/report-range';
import { renderApp } from '../../test/render-app';
import { alwaysIntersecting, boardServer, getCardsOver, makeCard } from './board-test-kit';

interface CardsCall {
  section?: string;
  offset?: number;
  limit?: number;
  card_name?: string;
  startDate?: string;
  endDate?: string;
  dataFilter?: string;
}
const cardsCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === '/api/getCards').map((c) => c.body as CardsCall);
/** Page loads of one column. */
const pageOffsets = (calls: RecordedCall[], section: string) =>
  cardsCalls(calls)
    .filter((b) => b.section === section && b.limit === 10)
    .map((b) => b.offset);

const many = (status: 'editing' | 'qa' | 'done', n: number, from: number) =>
  Array.from({ length: n }, (_, i) =>
    makeCard({ card_id: from + i, card_title: `Card ${from + i}`, card_status: status }),
  );

const clearFilter = () => screen.getByTestId<HTMLButtonElement>('clear-filter');

// Whole pages render here; a loaded 2-core machine needs more than the 5 s default.
describe('home page', { timeout: 15_000 }, () => {
  it('loads each column page by page and stops on a short first load or an empty page', async () => {
    alwaysIntersecting();
    const server = boardServer('admin', [...many('editing', 13, 100), ...many('qa', 7, 200), ...many('done', 8, 300)]);
    renderApp('/');

    // 13 cards: 10, 3, then an empty page ends it.
    await waitFor(() => expect(pageOffsets(server.calls, 'editing')).toEqual([0, 10, 13]), { timeout: 5000 });
    // Fewer than 8 on the first load: no second page.
    expect(pageOffsets(server.calls, 'qa')).toEqual([0]);
    // Exactly 8 first: one more page is asked for, and comes back empty.
    await waitFor(() => expect(pageOffsets(server.calls, 'done')).toEqual([0, 8]), { timeout: 5000 });
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(pageOffsets(server.calls, 'editing')).toHaveLength(3);
    expect(pageOffsets(server.calls, 'done')).toHaveLength(2);
    expect(within(screen.getByTestId('column-editing')).getAllByTestId(/^card-\d+$/)).toHaveLength(13);
  });

  it('counts active filters on Clear Filter and clears them all', async () => {
    const server = boardServer('admin', [makeCard()]);
    const user = userEvent.setup();
    renderApp('/?startDate=2026-01-01&endDate=2026-01-31');

    await screen.findByTestId('card-1');
    expect(clearFilter().getAttribute('data-count')).toBe('1');
    expect(cardsCalls(server.calls).at(-1)?.startDate).toBe('2026-01-01');

    await user.type(screen.getByTestId('board-search'), 'vlog');
    expect(clearFilter().getAttribute('data-count')).toBe('2');
    expect(clearFilter().textContent).toBe('Clear Filter (2)');
    await waitFor(() => expect(cardsCalls(server.calls).at(-1)?.card_name).toBe('vlog'));
    expect(window.localStorage.getItem('searchText')).toBe('vlog');

    await user.click(screen.getByTestId('sort-select'));
    // The control says which column it leaves alone (issue 18), and that column says how it is ordered.
    expect(screen.getByText(MSG.sortLeavesPriority)).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'Oldest first' }));
    expect(clearFilter().getAttribute('data-count')).toBe('3');
    expect(screen.getByTestId('column-note-video_request').textContent).toBe(MSG.priorityOrderDrag);

    await user.click(clearFilter());
    expect(clearFilter().getAttribute('data-count')).toBe('0');
    expect(clearFilter().disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('board-search').value).toBe('');
    expect(window.localStorage.getItem('searchText')).toBe('');
    await waitFor(() => {
      const last = cardsCalls(server.calls).at(-1);
      expect(last?.card_name).toBeUndefined();
      expect(last?.startDate).toBeUndefined();
      expect(last?.dataFilter).toBe('newest');
    });
  });

  it('offers the spec’s range presets in the date picker, marks today, and filters by the one picked', async () => {
    const server = boardServer('admin', [makeCard()]);
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByTestId('card-1');
    // The click loads the date pickers' code (on first use, issue 17) and opens the picker once it is there.
    await user.click(screen.getByTestId('date-range'));
    expect(await screen.findByRole('button', { name: 'Last 7 days' }, { timeout: 8000 })).toBeTruthy();
    for (const days of [14, 30, 90])
      expect(await screen.findByRole('button', { name: `Last ${days} days` })).toBeTruthy();
    expect(document.querySelector('[data-today][data-highlight-today]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Last 14 days' }));
    const expected = lastDaysRange(14);
    await waitFor(() => {
      const last = cardsCalls(server.calls).at(-1);
      expect([last?.startDate, last?.endDate]).toEqual([expected.start_date, expected.end_date]);
    });
  });

  it('sends a customer without the helper board home from /ythelper/dashboard', async () => {
    boardServer('customer', [makeCard()]);
    const app = renderApp('/ythelper/dashboard');
    await screen.findByTestId('card-1');
    expect(app.pathname()).toBe('/');
  });

  it('moves a card at once and puts it back with the server’s reason when the move is refused', async () => {
    const refusal = deferred();
    boardServer('customer', [makeCard({ card_id: 1 })], { 'POST /api/card/1/timeline': refusal.handler });
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await screen.findByTestId('status-menu-1'));
    await user.click(await screen.findByRole('menuitem', { name: 'Editing' }));
    expect(screen.getByTestId('move-confirm').textContent).toContain(MSG.confirmMoveToEditing);
    expect(screen.getByTestId('move-timeline').textContent).toContain('48 hours');
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(await within(screen.getByTestId('column-editing')).findByTestId('card-1')).toBeTruthy();
    refusal.release({ status: 403, body: { error_message: MSG.moveNotAllowed, code: 'MOVE_NOT_ALLOWED' } });
    expect(await screen.findByText(MSG.moveNotAllowed)).toBeTruthy();
    expect(await within(screen.getByTestId('column-video_request')).findByTestId('card-1')).toBeTruthy();
    // The two columns re-render one after the other: on a loaded machine the check can fall between them.
    await waitFor(() => expect(within(screen.getByTestId('column-editing')).queryByTestId('card-1')).toBeNull());
  });

  // A tile's open status menu stayed drawn over the quick view that a '#card-' link opened (issue 33).
  it("closes a tile's open menu when a quick view opens over the board", async () => {
    boardServer('admin', [makeCard({ card_id: 1 }), makeCard({ card_id: 2 })]);
    const user = userEvent.setup();
    const app = renderApp('/');
    await user.click(await screen.findByTestId('status-menu-1'));
    expect(await screen.findByRole('menu')).toBeTruthy();
    await act(() => app.router.navigate('/#card-2'));
    expect(await screen.findByTestId('card-quick-view', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it("opens a card's page on a click anywhere on its tile or row, but not on a control in it", async () => {
    boardServer('admin', [makeCard({ card_id: 1, card_title: 'Tile one' })]);
    const user = userEvent.setup();
    const app = renderApp('/');
    const tile = await screen.findByTestId('card-1');
    await user.click(await within(tile).findByTestId('status-menu-1'));
    expect(await screen.findByRole('menu')).toBeTruthy();
    await user.click(within(screen.getByRole('menu')).getAllByRole('menuitem')[0]!);
    expect(app.pathname()).toBe('/');
    await user.keyboard('{Escape}');
    await user.click(within(tile).getByText(/^Expected by|Cleo|Due/, { selector: 'div, span, p' }));
    await waitFor(() => expect(app.pathname()).toBe('/card-details/1'));
  });

  it('shows a disabled None when the role may not move the card', async () => {
    boardServer('customer', [makeCard({ card_id: 9, card_status: 'canceled' })]);
    window.localStorage.setItem('showCanceled', 'true');
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByTestId('status-menu-9'));
    const none = await screen.findByRole('menuitem', { name: MSG.noMoves });
    expect(none.hasAttribute('disabled') || none.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it('refetches the two columns a live move names', async () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource extends EventTarget {
      constructor(readonly url: string) {
        super();
        sources.push(this);
      }
      close() {}
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    const server = boardServer('admin', [makeCard({ card_id: 1 })]);
    renderApp('/');
    await screen.findByTestId('card-1');
    expect(sources.map((s) => s.url)).toEqual(['/api/events']);
    const before = server.calls.length;

    act(() => {
      sources[0]!.dispatchEvent(
        new MessageEvent('card.moved', {
          data: JSON.stringify({ card_id: 1, from: 'video_request', to: 'editing', by: 2 }),
        }),
      );
    });
    await waitFor(() => {
      const sections = cardsCalls(server.calls.slice(before)).map((b) => b.section);
      expect(sections).toEqual(expect.arrayContaining(['video_request', 'editing']));
    });
    const sections = cardsCalls(server.calls.slice(before))
      .filter((b) => b.limit === 10)
      .map((b) => b.section);
    expect(sections).not.toContain('qa');
  });

  it('opens #card-{id} as a quick view over the board, and ?cardId= as the card page', async () => {
    boardServer('admin', []);
    const app = renderApp('/#card-12');
    // The quick view is loaded on first use, so it may take a moment to appear.
    expect(await screen.findByTestId('card-quick-view', {}, { timeout: 5000 })).toBeTruthy();
    expect(app.pathname()).toBe('/');
    app.unmount();
    const again = renderApp('/?cardId=5');
    await waitFor(() => expect(again.pathname()).toBe('/card-details/5'), { timeout: 5000 });
  });

  it('opens a dashboard link on the list tab it names, with its dates', async () => {
    const server = boardServer('admin', [makeCard({ card_id: 3, card_status: 'editing' })]);
    renderApp('/?section=editing&startDate=2026-02-01&endDate=2026-02-28');
    expect(await within(await screen.findByTestId('list-view')).findByTestId('card-3')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Editing/ }).getAttribute('aria-selected')).toBe('true');
    expect(cardsCalls(server.calls).find((b) => b.section === 'editing')?.startDate).toBe('2026-02-01');
  });

  it('starts a customer with no saved choice on the list, grouped with counts and Show More above five', async () => {
    window.localStorage.clear();
    boardServer('customer', many('editing', 7, 10));
    window.localStorage.removeItem('selectedListingView');
    const user = userEvent.setup();
    renderApp('/');
    const group = await screen.findByTestId('group-editing');
    await waitFor(() => expect(within(group).getAllByTestId(/^card-\d+$/)).toHaveLength(5));
    await user.click(within(group).getByTestId('show-more-editing'));
    await waitFor(() => expect(within(group).getAllByTestId(/^card-\d+$/)).toHaveLength(7));
  });

  it('shows a blocked customer why Create is off, and the monthly count', async () => {
    const cards = getCardsOver([makeCard()]);
    const allowance = { used: 4, limit: 4, blocked: 'limit', message: MSG.requestLimitReached };
    boardServer('customer', [], {
      'POST /api/getCards': cards,
      'POST /api/getCardCounts': () => ({ body: { counts: {}, monthlyCardCount: 4 } }),
      'GET /api/requestAllowance': { body: allowance },
    });
    const user = userEvent.setup();
    const app = renderApp('/');
    const create = await screen.findByTestId('create-request');
    await waitFor(() => expect(create.getAttribute('aria-disabled')).toBe('true'));
    expect((await screen.findByTestId('monthly-count')).textContent).toBe('4 / 4 this billing period');
    await user.hover(create);
    expect(await screen.findByText(MSG.requestLimitReached)).toBeTruthy();
    await user.click(create);
    expect(app.pathname()).toBe('/');
  });
});
