import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLOCK_TIME_ZONE, DASHBOARD_FIGURE_MEANINGS, MSG, lastDays, todayIn } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { captureDownloads, queriesTo } from '../../test/requests';
import { commentRow, customerRow, dashboardReply, quietChartSizeWarnings, staffRow } from './dashboard-test-kit';

const last = (days: number) => lastDays(days, todayIn(CLOCK_TIME_ZONE));
const DASHBOARD = '/api/dashboard-data-V2';
const rowsOf = (testId: string) => within(screen.getByTestId(testId)).queryAllByTestId(`${testId}-row`);
const namesIn = (testId: string) => rowsOf(testId).map((row) => row.querySelector('td')?.textContent);

function adminServer(rows = [staffRow(), staffRow({ user_id: 21, qa_name: 'Rita QA', completed: 2 })]) {
  return fakeServer({
    'GET /api/me': { body: makeUser() },
    [`GET ${DASHBOARD}`]: dashboardReply({
      editor_stats: rows,
      customer_data: {
        customer_stats: {
          total_customers: 9,
          active_customers: 7,
          average_requests: 1.33,
          average_completed: 0.89,
          average_time: 20.4,
          average_rating: 4.67,
          total_ratings: 3,
        },
        customers: [customerRow(), customerRow({ client_id: 51, customer_name: 'Gone Customer', is_deleted: true })],
      },
    }),
    'GET /api/art-dashboard-data': () => {
      const tab = queriesTo('/api/art-dashboard-data').at(-1)?.tab ?? 'QaTab';
      return { body: { range: { start_date: '', end_date: '' }, tab, data: [commentRow()] } };
    },
  });
}

describe('staff dashboard', { timeout: 20_000 }, () => {
  beforeEach(quietChartSizeWarnings);

  it('shows the graphs of the last 7 days, linked to the board with the same range', async () => {
    adminServer();
    renderApp('/dashboard');

    const requested = await screen.findByTestId('graph-requested');
    const range = last(7);
    expect(queriesTo(DASHBOARD)[0]).toMatchObject({ ...range, tab: 'QaTab' });
    expect(requested.getAttribute('data-figure')).toBe('12');
    expect(screen.getByTestId('graph-in-progress').getAttribute('data-figure')).toBe('4');
    expect(screen.getByTestId('graph-completed').getAttribute('data-figure')).toBe('7');
    expect(screen.getByTestId('graph-rating').getAttribute('data-figure')).toBe('4.50');
    expect(screen.getByTestId('graph-rating-note').textContent).toBe('of 5, 4 ratings given in these dates');
    // Each figure says what it counts: they count different sets of the dates (issue 33).
    const meaningOf = (id: string) => within(screen.getByTestId(id)).getByRole('img').getAttribute('aria-label');
    expect(meaningOf('graph-completed')).toBe(DASHBOARD_FIGURE_MEANINGS.completed);
    expect(meaningOf('graph-rating')).toBe(DASHBOARD_FIGURE_MEANINGS.rating);
    expect(screen.getByTestId('graph-completed-note').textContent).toBe('delivered, of 12 requested');
    expect(screen.getByTestId('graph-time').getAttribute('data-figure')).toBe('18.3h');
    expect(screen.getByTestId('graph-overdue').getAttribute('data-figure')).toBe('2');
    const dates = `startDate=${range.start_date}&endDate=${range.end_date}`;
    expect(screen.getByTestId('graph-requested-link').getAttribute('href')).toBe(`/?section=video_request&${dates}`);
    expect(screen.getByTestId('graph-in-progress-link').getAttribute('href')).toBe(`/?section=editing&${dates}`);
    expect(screen.getByTestId('graph-completed-link').getAttribute('href')).toBe(`/?section=completed&${dates}`);
    expect(screen.queryByTestId('graph-overdue-link')).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['QA', 'Team Lead', 'YT Helper', 'Customer']);
  });

  it('re-fetches on another preset and keeps the range in the address', async () => {
    adminServer();
    const user = userEvent.setup();
    const app = renderApp('/dashboard');
    await screen.findByTestId('graph-requested');
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    const range = last(30);
    await waitFor(() => expect(queriesTo(DASHBOARD).at(-1)).toMatchObject(range));
    expect(app.router.state.location.search).toContain(`startDate=${range.start_date}&endDate=${range.end_date}`);
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(screen.getByTestId('graph-completed-link').getAttribute('href')).toContain(
        `startDate=${range.start_date}`,
      ),
    );
  });

  it('reads the range from the address on a reload', async () => {
    adminServer();
    renderApp('/dashboard?startDate=2026-01-01&endDate=2026-01-31&tab=TeamLeadTab');
    await screen.findByTestId('graph-requested');
    expect(queriesTo(DASHBOARD)[0]).toMatchObject({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      tab: 'TeamLeadTab',
    });
    expect(screen.getByRole('tab', { name: 'Team Lead' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches, sorts and links the staff rows; people who left are struck through', async () => {
    adminServer([
      staffRow(),
      staffRow({ user_id: 21, qa_name: 'Rita QA', completed: 2 }),
      staffRow({ user_id: 22, qa_name: 'Old Owen', completed: 9, teamLeadUpdated: true }),
    ]);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await waitFor(() => expect(rowsOf('performance-table')).toHaveLength(3));
    const range = last(7);

    const table = screen.getByTestId('performance-table');
    expect(within(table).getByRole('link', { name: 'Quinn QA' }).getAttribute('href')).toBe(
      `/user/20/profile?userType=QaTab&startDate=${range.start_date}&endDate=${range.end_date}`,
    );
    expect(within(table).queryByRole('link', { name: 'Old Owen' })).toBeNull();
    expect(within(table).getByTestId('person-gone').textContent).toBe('Old Owen');
    expect(
      within(screen.getByTestId('csat-table')).getByRole('link', { name: 'Rita QA' }).getAttribute('href'),
    ).toContain('userType=CSAT');

    await user.click(within(table).getByRole('button', { name: 'Completed' }));
    expect(namesIn('performance-table')).toEqual(['Rita QA', 'Quinn QA', 'Old Owen']);
    await user.click(within(table).getByRole('button', { name: 'Completed' }));
    expect(namesIn('performance-table')).toEqual(['Old Owen', 'Quinn QA', 'Rita QA']);

    await user.type(within(table).getByRole('textbox', { name: 'Search Team performance' }), 'rit');
    expect(namesIn('performance-table')).toEqual(['Rita QA']);
    await user.clear(within(table).getByRole('textbox', { name: 'Search Team performance' }));
    await user.type(within(table).getByRole('textbox', { name: 'Search Team performance' }), 'nobody');
    expect(within(table).getByText(MSG.noDataFound)).toBeTruthy();

    // The ART table comes from its own call, for the same tab and range.
    await waitFor(() => expect(rowsOf('art-table')).toHaveLength(1));
    expect(queriesTo('/api/art-dashboard-data').at(-1)).toMatchObject({ ...range, tab: 'QaTab' });
    expect(within(screen.getByTestId('art-table')).getByText('75')).toBeTruthy();

    const toggle = within(table).getByTestId('performance-table-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('exports a table as CSV named for the tab and dates, formulas neutralised', async () => {
    adminServer([staffRow({ qa_name: '=HYPERLINK("x")' }), staffRow({ user_id: 21, qa_name: 'Rita QA' })]);
    const files = captureDownloads();
    const user = userEvent.setup();
    renderApp('/dashboard');
    await waitFor(() => expect(rowsOf('csat-table')).toHaveLength(2));
    const range = last(7);

    await user.click(screen.getByTestId('csat-table-export'));
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe(`CSAT - QA - ${range.start_date} to ${range.end_date}.csv`);
    const text = await files[0]!.text;
    expect(text.replace(/^\uFEFF/, '')).toBe(
      'Name,Rated videos,Total rating,CSAT\r\n"\'=HYPERLINK(""x"")","2","9","4.5"\r\n"Rita QA","2","9","4.5"\r\n',
    );
  });

  it('shows the customer tab: the averages and each customer, deleted ones unlinked', async () => {
    adminServer();
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByTestId('graph-requested');
    await user.click(screen.getByRole('tab', { name: 'Customer' }));

    const averages = await screen.findByTestId('customer-averages-table');
    expect(queriesTo(DASHBOARD).at(-1)).toMatchObject({ tab: 'customerTab' });
    const cells = within(averages)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['9', '7', '1.33', '0.89', '20.4', '4.67', '3']);
    const customers = screen.getByTestId('customers-table');
    expect(within(customers).getByRole('link', { name: 'Cleo Creator' }).getAttribute('href')).toBe(
      '/customer/50/profile',
    );
    expect(within(customers).queryByRole('link', { name: 'Gone Customer' })).toBeNull();
    expect(screen.queryByTestId('art-table')).toBeNull();
  });

  it('says what failed and loads again on retry', async () => {
    let calls = 0;
    const ok = dashboardReply({ editor_stats: [staffRow()] });
    fakeServer({
      'GET /api/me': { body: makeUser() },
      [`GET ${DASHBOARD}`]: () =>
        ++calls === 1 ? { status: 400, body: { error_message: 'boom', code: 'VALIDATION' } } : ok(),
      'GET /api/art-dashboard-data': { body: { range: { start_date: '', end_date: '' }, tab: 'QaTab', data: [] } },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await screen.findByText(MSG.dashboardLoadFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('graph-requested')).toBeTruthy();
    await waitFor(() => expect(rowsOf('performance-table')).toHaveLength(1));
    // No comment stats: the ART table says so.
    expect(within(await screen.findByTestId('art-table')).getByText(MSG.noDataFound)).toBeTruthy();
  });

  it('gives a QA their own tab only, and sends an editor home', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'qa' }) },
      [`GET ${DASHBOARD}`]: dashboardReply({ editor_stats: [staffRow()] }),
      'GET /api/art-dashboard-data': { body: { range: { start_date: '', end_date: '' }, tab: 'QaTab', data: [] } },
    });
    const app = renderApp('/dashboard');
    await screen.findByTestId('graph-requested');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Own']);
    app.unmount();

    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'editor' }) } });
    const editor = renderApp('/dashboard');
    await waitFor(() => expect(editor.pathname()).toBe('/'));
  });
});
