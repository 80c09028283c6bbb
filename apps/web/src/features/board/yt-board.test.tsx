import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { YT_BOARD_COLUMNS, type Role } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { makeYtCard, ytBoardServer } from './board-test-kit';

const CARDS = [
  makeYtCard('assigned', { card_id: 1, card_title: 'Garden tour' }),
  makeYtCard('inProgress', { card_id: 2, card_title: 'Kitchen remodel', yt_due_date: '2099-03-02T17:00:00.000Z' }),
  makeYtCard('inDone', { card_id: 3, card_title: 'Trail run' }),
  makeYtCard('completed', { card_id: 4, card_title: 'Bread baking' }),
];

/** Presses on a tile and moves past dnd-kit's activation distance, then reads each helper column's drop state. */
async function dropStatesWhileDragging(role: Role, cardId = 1) {
  ytBoardServer(role, CARDS);
  renderApp('/ythelper/dashboard');
  const tile = await screen.findByTestId(`card-${cardId}`);
  fireEvent.mouseDown(tile, { button: 0, clientX: 20, clientY: 20 });
  fireEvent.mouseMove(document, { clientX: 40, clientY: 45 });
  const states = Object.fromEntries(
    YT_BOARD_COLUMNS.map((c) => [c.key, screen.getByTestId(`column-${c.key}`).getAttribute('data-drop')]),
  );
  fireEvent.mouseUp(document, { clientX: 40, clientY: 45 });
  return states;
}

describe('the YouTube-helper board', { timeout: 20_000 }, () => {
  it('shows the six helper columns with their tiles, the helper and the helper due date', async () => {
    ytBoardServer('yt-helper-lead', CARDS);
    renderApp('/ythelper/dashboard');
    expect(await screen.findByTestId('yt-board-view')).toBeTruthy();
    for (const column of YT_BOARD_COLUMNS) {
      // The column's heading: a tile's status badge may carry the same word once the tiles have drawn.
      expect(
        within(screen.getByTestId(`column-${column.key}`)).getByRole('heading', { name: column.title }),
      ).toBeTruthy();
    }
    const inProgress = screen.getByTestId('column-inProgress');
    expect(await within(inProgress).findByText('Kitchen remodel')).toBeTruthy();
    // Columns past the first screen draw their tiles in a deferred render (first-screen.ts).
    expect(await within(screen.getByTestId('column-completed')).findByText('Bread baking')).toBeTruthy();
    expect(within(screen.getByTestId('card-2')).getByLabelText('YouTube helper: Hana Helper')).toBeTruthy();
    expect(within(screen.getByTestId('card-2')).getByText(/Due Mar 2/)).toBeTruthy();
    expect(within(screen.getByTestId('column-ytQA')).getByText('No cards here')).toBeTruthy();
    expect(screen.getByTestId('column-count-assigned').textContent).toBe('1');
  });

  it('opens in helper mode for a helper and offers the mode switch', async () => {
    ytBoardServer('yt-helper', CARDS);
    window.localStorage.removeItem('viewType');
    renderApp('/');
    expect(await screen.findByTestId('yt-board-view')).toBeTruthy();
    expect(screen.getByTestId('mode-switch')).toBeTruthy();
  });

  it('offers the switch to customers whose plan has the helper and to team leads and QA, who see both', async () => {
    ytBoardServer('customer', CARDS, {
      'GET /api/me': { body: makeUser({ client_type: 'customer', client_id: 7, has_youtube_helper: true }) },
    });
    const first = renderApp('/');
    expect(await screen.findByTestId('yt-board-view')).toBeTruthy();
    expect(screen.getByTestId('mode-switch')).toBeTruthy();
    first.unmount();

    for (const role of ['team-lead', 'qa'] as const) {
      ytBoardServer(role, CARDS);
      const app = renderApp('/');
      expect(await screen.findByTestId('yt-board-view')).toBeTruthy();
      expect(await within(screen.getByTestId('column-inProgress')).findByText('Kitchen remodel')).toBeTruthy();
      expect(screen.getByTestId('mode-switch')).toBeTruthy();
      app.unmount();
    }
  });

  it('keeps a customer without the helper plan on the normal board, with no switch', async () => {
    ytBoardServer('customer', CARDS, {
      'GET /api/me': { body: makeUser({ client_type: 'customer', client_id: 7, has_youtube_helper: false }) },
    });
    renderApp('/');
    expect(await screen.findByTestId('view-toggle')).toBeTruthy();
    expect(screen.queryByTestId('mode-switch')).toBeNull();
    expect(screen.queryByTestId('yt-board-view')).toBeNull();
  });

  it("words the list's helper tabs as the spec does ('Cancelled'), in its order", async () => {
    ytBoardServer('yt-helper-lead', CARDS);
    window.localStorage.setItem('selectedListingView', 'list');
    renderApp('/');
    const list = await screen.findByTestId('yt-list-view');
    window.localStorage.removeItem('selectedListingView');
    // Each tab's title, without the count badge that follows it once the counts arrive.
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent?.replace(/\d+$/, '')),
    ).toEqual(['Assigned', 'In Progress', 'Cancelled', 'QA', 'Review', 'Completed']);
  });

  it("shows a helper tile's status in the spec's words (ASSIGNED CARD, Progress, Review, Completed)", async () => {
    ytBoardServer('yt-helper-lead', CARDS);
    renderApp('/ythelper/dashboard');
    const texts = await Promise.all(
      [1, 2, 3, 4].map(async (id) => (await screen.findByTestId(`yt-status-menu-${id}`)).textContent),
    );
    expect(texts).toEqual(['ASSIGNED CARD', 'Progress', 'Review', 'Completed']);
  });

  it("sends '?cardId=' on the helper board to the card's YT Helper tab", async () => {
    ytBoardServer('yt-helper', CARDS);
    const { router } = renderApp('/ythelper/dashboard?cardId=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-details/2'));
    expect(router.state.location.search).toBe('?tab=yt');
  });

  it('lets a helper drop an assigned card only on In Progress', async () => {
    expect(await dropStatesWhileDragging('yt-helper')).toEqual({
      assigned: 'source',
      inProgress: 'legal',
      ytQA: 'illegal',
      inDone: 'illegal',
      cancelled: 'illegal',
      completed: 'illegal',
    });
  });

  it('lets the helper lead also cancel an assigned card', async () => {
    expect((await dropStatesWhileDragging('yt-helper-lead')).cancelled).toBe('legal');
  });

  it('gives a Review card Completed and In Progress for an admin', async () => {
    const states = await dropStatesWhileDragging('admin', 3);
    expect(states.completed).toBe('legal');
    expect(states.inProgress).toBe('legal');
    expect(states.ytQA).toBe('illegal');
  });
});

describe('the assets dialog', { timeout: 20_000 }, () => {
  it('holds Submit until a thumbnail link is there, and shows the server refusal at its field', async () => {
    const server = ytBoardServer(
      'yt-helper',
      [makeYtCard('inProgress', { card_id: 2, card_title: 'Kitchen remodel' })],
      {
        'POST /api/ythelper/card/2/done': {
          status: 400,
          body: { error_message: 'Add the snippet link', code: 'VALIDATION', field: 'snippetLink' },
        },
      },
    );
    renderApp('/ythelper/dashboard');
    fireEvent.click(await screen.findByTestId('yt-status-menu-2'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'QA' }));
    const dialog = await screen.findByTestId('yt-assets-dialog');
    const submit = within(dialog).getByTestId<HTMLButtonElement>('yt-assets-submit');
    expect(submit.disabled).toBe(true);

    fireEvent.change(within(dialog).getByTestId('yt-thumbnail-1'), {
      target: { value: 'https://example.com/thumb.png' },
    });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    expect(await within(dialog).findByText('Add the snippet link')).toBeTruthy();
    expect(screen.getByTestId('yt-assets-dialog')).toBeTruthy();
    const [sent] = server.callsTo('POST', '/api/ythelper/card/2/done');
    expect(sent?.body).toMatchObject({
      card_id: 2,
      source: 'inProgress',
      target: 'ytQA',
      thumbnailLinkUrlArray: ['https://example.com/thumb.png', ''],
    });
  });

  it('moves without new assets on Skip', async () => {
    const server = ytBoardServer('yt-helper', [makeYtCard('inProgress', { card_id: 2 })], {
      'POST /api/ythelper/card/2/doneSkip': { body: { message: 'Card moved successfully' } },
    });
    renderApp('/ythelper/dashboard');
    fireEvent.click(await screen.findByTestId('yt-status-menu-2'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'QA' }));
    fireEvent.click(within(await screen.findByTestId('yt-assets-dialog')).getByTestId('yt-assets-skip'));
    await waitFor(() => expect(server.callsTo('POST', '/api/ythelper/card/2/doneSkip')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/ythelper/card/2/doneSkip')[0]?.body).toMatchObject({
      source: 'inProgress',
      target: 'ytQA',
      skip: true,
    });
  });
});
