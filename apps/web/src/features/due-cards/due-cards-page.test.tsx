import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DueCard, DueCardsReply } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const card = (overrides: Partial<DueCard> = {}): DueCard => ({
  card_id: 7,
  card_title: 'Launch video',
  client_id: 50,
  client_name: 'Cleo Creator',
  qa_id: 20,
  qa_name: 'Quinn QA',
  due: '2026-11-23T17:00:00.000Z',
  card_status: 'editing',
  yt_card_status: null,
  expected_at: null,
  at_risk: false,
  ...overrides,
});
const reply = (cards: DueCard[], total = cards.length): { body: DueCardsReply } => ({
  body: { cards, total, page: 1, page_size: 100, date: '2026-11-23' },
});

const urlOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');

/** The query strings sent to GET /api/dueCards. */
const dueQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => urlOf(input))
    .filter((url) => url.pathname === '/api/dueCards')
    .map((url) => Object.fromEntries(url.searchParams));

describe('cards by date', { timeout: 20_000 }, () => {
  it('lists the cards with their link, status and the total; admin may export', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/dueCards': reply(
        [card(), card({ card_id: 8, card_title: 'Short', qa_name: null, card_status: 'qa' })],
        2,
      ),
    });
    renderApp('/dueCards');

    const row = await screen.findByTestId('due-card-7');
    expect(within(row).getByRole('link', { name: 'Launch video' }).getAttribute('href')).toBe('/card-details/7');
    expect(within(row).getByText('Cleo Creator')).toBeTruthy();
    expect(within(row).getByText('In Progress')).toBeTruthy();
    expect(within(screen.getByTestId('due-card-8')).getByText('In QA')).toBeTruthy();
    expect(screen.getByTestId('due-total').textContent).toBe('Total cards: 2');
    expect(screen.getByTestId('export-due-cards').getAttribute('href')).toMatch(/^\/api\/dueCards\/export\?date=/);
    expect(screen.getByRole('combobox', { name: 'QA' })).toBeTruthy();
  });

  it('marks the cards whose first cut is expected after their due date as At risk', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/dueCards': reply([
        card({ expected_at: '2026-11-24T22:00:00.000Z', at_risk: true }),
        card({ card_id: 8, card_title: 'On time', expected_at: '2026-11-23T17:00:00.000Z' }),
      ]),
    });
    renderApp('/dueCards');

    const risky = await screen.findByTestId('due-card-7');
    expect(within(risky).getByTestId('due-at-risk-7').textContent).toBe('At risk');
    expect(within(screen.getByTestId('due-card-8')).queryByText('At risk')).toBeNull();
  });

  it('hides the QA filter and the export from a QA', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'qa' }) }, 'GET /api/dueCards': reply([card()]) });
    renderApp('/dueCards');

    await screen.findByTestId('due-card-7');
    expect(screen.queryByRole('combobox', { name: 'QA' })).toBeNull();
    expect(screen.queryByTestId('export-due-cards')).toBeNull();
    expect(vi.mocked(fetch).mock.calls.some(([input]) => urlOf(input).pathname === '/api/users')).toBe(false);
  });

  it('sends the card type and the page', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser() }, 'GET /api/dueCards': reply([card()], 250) });
    const user = userEvent.setup();
    renderApp('/dueCards');

    await screen.findByTestId('due-card-7');
    expect(dueQueries().at(-1)).toMatchObject({ card_type: 'due_date', page: '1' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(dueQueries().at(-1)).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('combobox', { name: 'Card type' }));
    await user.click(await screen.findByRole('option', { name: 'YouTube helper due date' }));
    await waitFor(() => expect(dueQueries().at(-1)).toMatchObject({ card_type: 'yt_due_date', page: '1' }));
  });
});
