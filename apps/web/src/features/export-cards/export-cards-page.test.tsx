import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RANGE_DAYS, MSG, lastDays, todayIn, CLOCK_TIME_ZONE } from '@cutroom/domain';
import type { ExportCardsReply } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const range = lastDays(DEFAULT_RANGE_DAYS.export, todayIn(CLOCK_TIME_ZONE));

const reply: ExportCardsReply = {
  range,
  cards: [
    {
      card_id: 7,
      card_title: 'Launch video',
      card_status: 'editing',
      qa_name: 'Quinn QA',
      customer_name: 'Cleo Creator',
      created_at: '2026-11-20T15:00:00.000Z',
    },
    {
      card_id: 8,
      card_title: 'Teaser',
      card_status: 'completed_done',
      qa_name: null,
      customer_name: 'Cleo Creator',
      created_at: '2026-11-21T15:00:00.000Z',
    },
  ],
  total: 140,
};

const urlOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
const exportQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => urlOf(input))
    .filter((url) => url.pathname === '/api/exportCards')
    .map((url) => Object.fromEntries(url.searchParams));

const server = () =>
  fakeServer({
    'GET /api/me': { body: makeUser() },
    'GET /api/exportCards': { body: reply },
    'GET /api/customers': {
      body: { customers: [makeUser({ client_id: 50, client_type: 'customer', fullname: 'Cleo Creator' })], count: 1 },
    },
  });

describe('export cards', { timeout: 20_000 }, () => {
  it('loads nothing until View, then shows the rows, the total and the toast', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/exportCards');

    const view = await screen.findByRole('button', { name: 'View' });
    expect(exportQueries()).toHaveLength(0);
    await user.click(view);
    expect(await screen.findByText(MSG.dataLoaded)).toBeTruthy();
    expect(exportQueries()).toEqual([{ startDate: range.start_date, endDate: range.end_date, limit: '100' }]);

    const row = await screen.findByTestId('export-card-7');
    expect(within(row).getByRole('link', { name: 'Launch video' }).getAttribute('href')).toBe('/card-details/7');
    expect(within(row).getByText('In Progress')).toBeTruthy();
    expect(within(row).getByText('Quinn QA')).toBeTruthy();
    expect(within(screen.getByTestId('export-card-8')).getByText('Completed')).toBeTruthy();
    expect(screen.getByTestId('export-total').textContent).toContain('Showing 2 of 140 cards');
  });

  it('says so when the load fails', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/exportCards': { status: 400, body: { error_message: 'Bad range', code: 'INVALID' } },
    });
    const user = userEvent.setup();
    renderApp('/exportCards');
    await user.click(await screen.findByRole('button', { name: 'View' }));
    expect((await screen.findAllByText(MSG.dataLoadFailed)).length).toBeGreaterThan(0);
  });

  it('builds the CSV address from the same filters', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/exportCards');
    const link = await screen.findByTestId('export-cards-csv');
    const params = () => new URL(link.getAttribute('href')!, 'http://localhost');
    expect(params().pathname).toBe('/api/exportCards/csv');
    expect(Object.fromEntries(params().searchParams)).toEqual({
      startDate: range.start_date,
      endDate: range.end_date,
      limit: '100',
    });
    expect(link.hasAttribute('download')).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Limit' }));
    await user.click(await screen.findByRole('option', { name: '300 cards' }));
    await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'Cleo');
    await user.click(await screen.findByRole('option', { name: 'Cleo Creator' }));
    await waitFor(() =>
      expect(Object.fromEntries(params().searchParams)).toEqual({
        startDate: range.start_date,
        endDate: range.end_date,
        limit: '300',
        customerId: '50',
      }),
    );
    // Export is a download, not a View: the preview wasn't asked for.
    expect(exportQueries()).toHaveLength(0);
  });
});
