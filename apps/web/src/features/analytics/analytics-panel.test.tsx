import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, summarizeDays } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer, type Reply } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const admin = makeUser({ client_id: 1 });
const cleo = makeUser({
  client_id: 50,
  client_type: 'customer',
  firstname: 'Cleo',
  lastname: 'Creator',
  fullname: 'Cleo Creator',
  qas: [],
  yt_helpers: [],
});

const day = (views: number, gained = 3, lost = 1) => ({
  views,
  subscribersGained: gained,
  subscribersLost: lost,
  estimatedMinutesWatched: views * 2,
  averageViewDuration: 90,
  averageViewPercentage: 40,
});
const figures = (period: string) => ({
  period,
  newAnalytics: summarizeDays([day(1500), day(500, 5, 4)]),
  oldAnalytics: period === '9months' ? null : summarizeDays([day(1000), day(0, 0, 0)]),
  range: { startDate: '2026-03-04', endDate: '2026-03-10' },
  previousRange: period === '9months' ? null : { startDate: '2026-02-25', endDate: '2026-03-03' },
});
const status = (configured: boolean, connected: boolean, can_connect: boolean): Reply => ({
  body: { configured, connected, can_connect },
});

function ownProfile(routes: Record<string, Reply | ((body: unknown, url: URL) => Reply)>) {
  const { details: _details, ...session } = cleo;
  return fakeServer({
    'GET /api/me': { body: session },
    'GET /api/getWebsiteUser': { body: { data: cleo } },
    'GET /api/requestAllowance': { body: { used: 0, limit: 4, message: null } },
    ...routes,
  });
}
function customerProfile(viewer: UserView, routes: Record<string, Reply | ((body: unknown, url: URL) => Reply)>) {
  return fakeServer({
    'GET /api/me': { body: viewer },
    'GET /api/user/50': { body: cleo },
    'GET /api/user/50/average-rating': { body: { average_rating: 0, rated_videos: 0 } },
    'GET /api/users': { body: { users: [], count: 0 } },
    ...routes,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('YT Analytics Data on the own profile', { timeout: 30_000 }, () => {
  it('not connected: explains and sends the customer to Google through the server’s sign-in URL', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    const server = ownProfile({
      'GET /api/yt-analytics/status': status(true, false, true),
      'GET /api/google-auth-url': { body: { url: 'https://accounts.example/auth?state=s' } },
    });
    const user = userEvent.setup();
    renderApp('/profile?tab=analytics');
    expect(await screen.findByText(MSG.analyticsSignIn)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?state=s'));
    expect(server.callsTo('GET', '/api/google-auth-url')).toHaveLength(1);
  });

  it('connected: figure cards with arrows against the period before; 9 months shows none', async () => {
    const server = ownProfile({
      'GET /api/yt-analytics/status': status(true, true, true),
      'GET /api/getYTAnalytics/7days': { body: figures('7days') },
      'GET /api/getYTAnalytics/9months': { body: figures('9months') },
    });
    const user = userEvent.setup();
    renderApp('/profile?tab=analytics');
    const views = await screen.findByTestId('analytics-views');
    expect(within(views).getByTestId('analytics-views-value').textContent).toBe('2,000');
    expect(within(views).getByLabelText('Up +100%')).toBeTruthy();
    // More subscribers lost is bad news: up, in red.
    const lost = screen.getByTestId('analytics-subscribersLost');
    expect(within(lost).getByLabelText('Up +400%').getAttribute('data-direction')).toBe('up');
    expect(screen.getByTestId('analytics-averageViewDuration-value').textContent).toBe('1:30');
    expect(screen.getByTestId('analytics-averageViewPercentage-value').textContent).toBe('40%');
    expect(screen.getByTestId('analytics-range').textContent).toContain('compared with Feb 25, 2026');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: '9 months (All)' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/getYTAnalytics/9months')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Previous period: 1,000')).toBeNull());
    expect(within(screen.getByTestId('analytics-views')).queryByLabelText(/Up|Down|No change/)).toBeNull();
  });

  it('Disconnect asks first, then deletes the tokens and shows the sign-in again', async () => {
    let connected = true;
    const server = ownProfile({
      'GET /api/yt-analytics/status': () => status(true, connected, true),
      'GET /api/getYTAnalytics/7days': { body: figures('7days') },
      'DELETE /api/delete-tokens': () => {
        connected = false;
        return { body: { message: MSG.googleDisconnected } };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile?tab=analytics');
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.confirmGoogleDisconnect)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(MSG.analyticsSignIn)).toBeTruthy();
    expect(server.callsTo('DELETE', '/api/delete-tokens')).toHaveLength(1);
  });

  it('Google failing: the server’s message and a way to try again', async () => {
    let fail = true;
    ownProfile({
      'GET /api/yt-analytics/status': status(true, true, true),
      'GET /api/getYTAnalytics/7days': () =>
        fail
          ? { status: 424, body: { error_message: MSG.googleUnavailable, code: 'GOOGLE_UNAVAILABLE' } }
          : { body: figures('7days') },
    });
    const user = userEvent.setup();
    renderApp('/profile?tab=analytics');
    expect(await screen.findByText(MSG.googleUnavailable)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('analytics-views')).toBeTruthy();
  });

  it('tokens Google no longer accepts: back to the sign-in', async () => {
    let connected = true;
    const server = ownProfile({
      'GET /api/yt-analytics/status': () => status(true, connected, true),
      'GET /api/getYTAnalytics/7days': () => {
        connected = false;
        return { status: 409, body: { error_message: MSG.analyticsSignIn, code: 'ANALYTICS_NOT_CONNECTED' } };
      },
    });
    renderApp('/profile?tab=analytics');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(server.callsTo('GET', '/api/yt-analytics/status')).toHaveLength(2);
  });

  it('not configured: the customer is told to ask the agency', async () => {
    ownProfile({ 'GET /api/yt-analytics/status': status(false, false, true) });
    renderApp('/profile?tab=analytics');
    expect(await screen.findByText('YouTube analytics are not set up yet')).toBeTruthy();
    expect(screen.getByText(/Ask your team/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });
});

describe('YT Analytics Data on a customer profile (staff)', { timeout: 30_000 }, () => {
  it('shows the customer’s figures read-only, with no Disconnect', async () => {
    const server = customerProfile(admin, {
      'GET /api/yt-analytics/status': status(true, true, false),
      'GET /api/getYTAnalytics/7days': (_body, url) =>
        url.searchParams.get('clientId') === '50' ? { body: figures('7days') } : { status: 400, body: {} },
    });
    renderApp('/customer/50/profile?tab=analytics');
    expect(await screen.findByTestId('analytics-views')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(server.callsTo('GET', '/api/yt-analytics/status')).toHaveLength(1);
  });

  it('says the customer has not signed in', async () => {
    customerProfile(admin, { 'GET /api/yt-analytics/status': status(true, false, false) });
    renderApp('/customer/50/profile?tab=analytics');
    expect(await screen.findByText('No analytics found as customer not logged in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('not configured: tells the admin which variables to set', async () => {
    customerProfile(admin, { 'GET /api/yt-analytics/status': status(false, false, false) });
    renderApp('/customer/50/profile?tab=analytics');
    expect(await screen.findByText(/GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY/)).toBeTruthy();
    expect(screen.getByText(/\/oauth\/google/)).toBeTruthy();
  });
});

describe('/oauth/google', { timeout: 30_000 }, () => {
  it('hands code and state to the server once, then returns to the analytics tab', async () => {
    const server = ownProfile({
      'POST /api/google-access-token': { body: figures('7days') },
      'GET /api/yt-analytics/status': status(true, true, true),
    });
    const { router } = renderApp('/oauth/google?code=4%2Fabc&state=st1&scope=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=analytics');
    expect(server.callsTo('POST', '/api/google-access-token').map((c) => c.body)).toEqual([
      { code: '4/abc', state: 'st1' },
    ]);
    expect(await screen.findByTestId('analytics-views')).toBeTruthy();
  });

  it('a refused sign-in says why and links back', async () => {
    ownProfile({
      'POST /api/google-access-token': {
        status: 400,
        body: { error_message: MSG.googleStateInvalid, code: 'OAUTH_STATE_INVALID', field: 'state' },
      },
    });
    renderApp('/oauth/google?code=c&state=old');
    expect(await screen.findByText(MSG.googleStateInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to YT Analytics Data/ })).toBeTruthy();
  });

  it('a denied consent sends nothing', async () => {
    const server = ownProfile({});
    renderApp('/oauth/google?error=access_denied&state=s');
    expect(await screen.findByText('You did not allow access, so nothing was connected.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/google-access-token')).toHaveLength(0);
  });
});
