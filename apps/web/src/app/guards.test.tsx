import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { fakeServer, unauthorized } from '../test/fake-server';
import { renderApp } from '../test/render-app';

describe('route guards', () => {
  it('sends a visitor to /login and back to the page they wanted after logging in', async () => {
    let loggedIn = false;
    fakeServer({
      'GET /api/me': () => (loggedIn ? { body: makeUser() } : unauthorized),
      'POST /api/login': () => {
        loggedIn = true;
        return { body: { client_type: 'admin', timezone: 'America/New_York' } };
      },
    });
    const user = userEvent.setup();
    const app = renderApp('/settings?tab=holidays');

    await screen.findByTestId('login-email');
    expect(app.pathname()).toBe('/login');

    await user.type(screen.getByTestId('login-email'), 'ada@example.com');
    await user.type(screen.getByTestId('login-password'), 'secret-pass{Enter}');
    await screen.findByRole('heading', { name: 'Portal Settings' });
    expect(app.router.state.location.search).toBe('?tab=holidays');
  });

  it('sends a logged-in user away from /login and /signup to home', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser() } });
    const app = renderApp('/signup');
    await screen.findByTestId('sidebar');
    expect(app.pathname()).toBe('/');
  });

  it.each([
    ['a temporary password', { is_temporary_password: true }],
    ['an incomplete profile', { is_profile_completed: false }],
    ['missing YouTube fields', { is_yt_fields_filled: false }],
  ])('sends a user with %s to /profile', async (_why, flags) => {
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'customer', ...flags }) } });
    const app = renderApp('/dashboard');
    await screen.findByTestId('sidebar');
    expect(app.pathname()).toBe('/profile');
  });

  it("lets a registered YouTube-helper customer through once they chose 'Skip'", async () => {
    fakeServer({
      'GET /api/me': {
        body: makeUser({ client_type: 'customer', has_youtube_helper: true, is_yt_fields_filled: false }),
      },
    });
    const user = userEvent.setup();
    const app = renderApp('/dashboard');

    const skip = await screen.findByTestId('skip-profile');
    expect(skip.textContent).toBe('Skip');
    await user.click(skip);
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(window.localStorage.getItem('skipProfileForNow')).toBe('true');
    await app.router.navigate('/dashboard');
    expect(app.pathname()).toBe('/dashboard');
  });

  it('keeps a registering customer on /profile even with an old skip choice stored', async () => {
    window.localStorage.setItem('skipProfileForNow', 'true');
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'customer', is_profile_completed: false }) } });
    const app = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Complete your registration' });
    expect(app.pathname()).toBe('/profile');
    expect(screen.queryByTestId('skip-profile')).toBeNull();
  });

  it.each(['/settings', '/rating', '/exportCards'])('sends non-admins from %s to home', async (path) => {
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'team-lead' }) } });
    const app = renderApp(path);
    await screen.findByTestId('sidebar');
    expect(app.pathname()).toBe('/');
  });

  it('logs the user out when any call answers 401', async () => {
    let sessionAlive = true;
    fakeServer({
      'GET /api/me': () => (sessionAlive ? { body: makeUser() } : unauthorized),
      'PUT /api/change-password': () => {
        sessionAlive = false;
        return unauthorized;
      },
    });
    window.localStorage.setItem('viewType', 'normal');
    const user = userEvent.setup();
    const app = renderApp('/profile?tab=password');

    await user.type(await screen.findByLabelText(/^New Password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'new-password-1{Enter}');

    await screen.findByTestId('login-email');
    expect(app.pathname()).toBe('/login');
    expect(window.localStorage.getItem('viewType')).toBeNull();
  });

  it('shows a 404 page for unknown paths', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser() } });
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('session errors', () => {
  it('offers a retry when the session check fails, and recovers', async () => {
    let up = false;
    fakeServer({
      'GET /api/me': () =>
        up
          ? { body: makeUser() }
          : { status: 503, body: { error_message: 'The server is busy, please try again in a moment', code: 'BUSY' } },
    });
    const user = userEvent.setup();
    renderApp('/');

    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    expect(screen.getByRole('alert').textContent).toContain('The server is busy');
    up = true;
    await user.click(retry);
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
  });
});
