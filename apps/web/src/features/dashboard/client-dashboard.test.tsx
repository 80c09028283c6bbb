import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { ClientDashboardReply } from '@cutroom/domain/schemas';
import { lastDaysRange } from '../../lib/report-range';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { queriesTo } from '../../test/requests';

const CLIENT = '/api/client-dashboard-data';
type Row = ClientDashboardReply['data'][number];

const row = (serial: number, overrides: Partial<Row> = {}): Row => ({
  serial,
  card_id: 100 + serial,
  card_title: `Video ${serial}`,
  created_at: '2026-11-02T15:00:00.000Z',
  completed_at: null,
  card_status: 'editing',
  ...overrides,
});

function clientServer(rows: Row[], count = rows.length) {
  return fakeServer({
    'GET /api/me': { body: makeUser({ client_id: 50, client_type: 'customer' }) },
    [`GET ${CLIENT}`]: () => {
      const page = Number(queriesTo(CLIENT).at(-1)?.page ?? 1);
      const body: ClientDashboardReply = {
        range: { start_date: '', end_date: '' },
        data: rows,
        count,
        page,
        page_size: 10,
      };
      return { body };
    },
  });
}

describe("a customer's dashboard", { timeout: 20_000 }, () => {
  it('lists their requests of the last 30 days with links, dates and status, 10 a page', async () => {
    clientServer([row(1), row(2, { card_status: 'completed_done', completed_at: '2026-11-05T15:00:00.000Z' })], 12);
    const user = userEvent.setup();
    renderApp('/dashboard');

    const first = await screen.findByTestId('client-card-101');
    expect(queriesTo(CLIENT)[0]).toMatchObject({ ...lastDaysRange(30), page: '1' });
    expect(within(first).getByRole('link', { name: 'Video 1' }).getAttribute('href')).toBe('/card-details/101');
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['1', 'Video 1', 'Nov 2, 2026', '-', 'In Progress']);
    expect(within(screen.getByTestId('client-card-102')).getByText('Nov 5, 2026')).toBeTruthy();
    expect(screen.getByTestId('client-total').textContent).toBe('12 requests');
    expect(screen.queryByRole('tab')).toBeNull();

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(queriesTo(CLIENT).at(-1)).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(queriesTo(CLIENT).at(-1)).toMatchObject({ ...lastDaysRange(7), page: '1' }));
  });

  it('says when there is nothing in the range', async () => {
    clientServer([]);
    renderApp('/dashboard?startDate=2026-01-01&endDate=2026-01-31');
    expect(await screen.findByText(MSG.noDataFound)).toBeTruthy();
    expect(queriesTo(CLIENT)[0]).toMatchObject({ start_date: '2026-01-01', end_date: '2026-01-31' });
  });
});
