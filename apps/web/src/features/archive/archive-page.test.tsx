import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { ArchivedCard } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const card = (over: Partial<ArchivedCard> = {}): ArchivedCard => ({
  card_id: 7,
  card_title: 'Summer promo',
  client_id: 3,
  client_name: 'Casey Client',
  rating: 4,
  subscription_type: 'weekly',
  creation_time: '2026-01-05T15:00:00.000Z',
  assigned_time: '2026-01-06T15:00:00.000Z',
  done_time: '2026-01-08T15:00:00.000Z',
  archived_time: '2026-01-10T15:00:00.000Z',
  may_unarchive: true,
  ...over,
});
const reply = (cards: ArchivedCard[], total = cards.length) => ({
  body: { cards, total, page: 1, page_size: 10 },
});

/** The query strings the page sent to GET /api/cards/archive. */
const archiveQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(
      ([input]) =>
        new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'),
    )
    .filter((url) => url.pathname === '/api/cards/archive')
    .map((url) => Object.fromEntries(url.searchParams));

const customersReply = { body: { customers: [], count: 0, counters: {} } };

describe('archive page', { timeout: 15_000 }, () => {
  it('lists the archived cards with a link to each and un-archives one the viewer may', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': customersReply,
      'GET /api/cards/archive': reply([card(), card({ card_id: 8, card_title: 'Locked', may_unarchive: false })]),
      'POST /api/card/7/unarchive': { body: { message: MSG.restoredFromArchive } },
    });
    const user = userEvent.setup();
    renderApp('/cards/archive');

    const table = await screen.findByRole('table', { name: 'Archived cards' });
    expect(within(table).getByRole('link', { name: 'Summer promo' }).getAttribute('href')).toBe('/card-details/7');
    expect(within(table).getByText('Subscription')).toBeTruthy();
    expect(within(table).getAllByText('2026-01-10').length).toBe(2);
    expect(screen.getByTestId('archive-customer')).toBeTruthy();

    const locked = screen.getByRole('button', { name: 'Un-archive Locked' });
    expect(locked.hasAttribute('disabled')).toBe(true);
    await user.hover(locked.parentElement!);
    expect(await screen.findByText(MSG.forbidden)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Un-archive Summer promo' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/card/7/unarchive')).toHaveLength(1));
    expect(await screen.findByText(MSG.restoredFromArchive)).toBeTruthy();
  });

  it('hides the customer filter, the Subscription column and un-archive from customers', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'customer' }) },
      'GET /api/cards/archive': reply([card({ subscription_type: null, may_unarchive: false })]),
    });
    renderApp('/cards/archive');

    const table = await screen.findByRole('table', { name: 'Archived cards' });
    expect(within(table).queryByText('Subscription')).toBeNull();
    expect(screen.queryByTestId('archive-customer')).toBeNull();
    expect(screen.queryByRole('button', { name: /Un-archive/ })).toBeNull();
  });

  it("shows an editor no customer filter and asks for no customer list (an editor's call would get 403)", async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'editor' }) },
      'GET /api/cards/archive': reply([card()]),
    });
    renderApp('/cards/archive');

    await screen.findByRole('table', { name: 'Archived cards' });
    expect(screen.queryByTestId('archive-customer')).toBeNull();
    expect(server.callsTo('GET', '/api/customers')).toHaveLength(0);
  });

  it('searches by title after the pause and asks for the chosen page', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': customersReply,
      'GET /api/cards/archive': reply([card()], 25),
    });
    const user = userEvent.setup();
    renderApp('/cards/archive');

    await screen.findByRole('table', { name: 'Archived cards' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(archiveQueries().at(-1)).toEqual({ page: '2' }));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'promo');
    await waitFor(() => expect(archiveQueries().at(-1)).toEqual({ page: '1', card_name: 'promo' }), {
      timeout: 3000,
    });
  });
});
