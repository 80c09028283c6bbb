import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { deferred, fakeServer, unauthorized } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const submitButton = () => screen.getByTestId<HTMLButtonElement>('login-submit');

describe('login form', () => {
  it('asks nothing about a session the browser holds no hint of, and asks once it has one (issue 18)', async () => {
    let loggedIn = false;
    const server = fakeServer(
      {
        'GET /api/me': () => (loggedIn ? { body: makeUser() } : unauthorized),
        'POST /api/login': () => {
          loggedIn = true;
          return { body: { client_type: 'admin', timezone: 'America/New_York' } };
        },
      },
      { signedInHint: false },
    );
    const user = userEvent.setup();
    const app = renderApp('/login');

    await user.type(await screen.findByTestId('login-email'), 'ada@example.com');
    // A signed-out visit to /login makes no /api/me call, so the browser logs no refused request. (Judged by
    // the cookie at each call: a test file before this one in the worker may still be finishing its own.)
    const unhinted = () => server.callsTo('GET', '/api/me').filter((c) => !c.signedInHint);
    expect(unhinted()).toEqual([]);
    await user.type(screen.getByTestId('login-password'), 'secret-pass{Enter}');
    await screen.findByTestId('sidebar');
    expect(app.pathname()).toBe('/');
    expect(server.callsTo('GET', '/api/me').filter((c) => c.signedInHint)).not.toEqual([]);
    expect(unhinted()).toEqual([]);
  });

  it('keeps Login disabled until both email and password are filled', async () => {
    fakeServer({ 'GET /api/me': unauthorized });
    const user = userEvent.setup();
    renderApp('/login');

    await screen.findByTestId('login-email');
    expect(submitButton().disabled).toBe(true);
    await user.type(screen.getByTestId('login-email'), 'ada@example.com');
    expect(submitButton().disabled).toBe(true);
    await user.type(screen.getByTestId('login-password'), 'secret-pass');
    expect(submitButton().disabled).toBe(false);
    await user.clear(screen.getByTestId('login-email'));
    expect(submitButton().disabled).toBe(true);
  });

  it("shows the server's 'Incorrect login credentials' on a 401", async () => {
    const server = fakeServer({
      'GET /api/me': unauthorized,
      'POST /api/login': { status: 401, body: { error_message: MSG.loginFailed, code: 'BAD_CREDENTIALS' } },
    });
    const user = userEvent.setup();
    const app = renderApp('/login');

    await user.type(await screen.findByTestId('login-email'), 'ada@example.com');
    await user.type(screen.getByTestId('login-password'), 'wrong-password{Enter}');

    expect((await screen.findByTestId('login-error')).textContent).toContain('Incorrect login credentials');
    expect(app.pathname()).toBe('/login');
    const [call] = server.callsTo('POST', '/api/login');
    expect(call?.body).toEqual({ useremail: 'ada@example.com', password: 'wrong-password', remember_me: true });
    expect(call?.headers['X-Requested-With']).toBe('cutroom-web');
    expect(call?.headers['user-time-zone']).toBeTruthy();
    expect(call?.credentials).toBe('same-origin');
  });

  it('prefixes other failures with "Unable to login"', async () => {
    fakeServer({
      'GET /api/me': unauthorized,
      'POST /api/login': { status: 429, body: { error_message: MSG.tooManyRequests, code: 'RATE_LIMITED' } },
    });
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(await screen.findByTestId('login-email'), 'ada@example.com');
    await user.type(screen.getByTestId('login-password'), 'pw{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toBe(`Unable to login: ${MSG.tooManyRequests}`);
  });

  it('sends one login call however fast the form is submitted twice', async () => {
    const login = deferred();
    const server = fakeServer({ 'GET /api/me': unauthorized, 'POST /api/login': login.handler });
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(await screen.findByTestId('login-email'), 'ada@example.com');
    await user.type(screen.getByTestId('login-password'), 'secret-pass');
    const form = screen.getByRole('form', { name: 'Login' });
    // Two submits in one tick: no re-render in between, so only the in-flight guard can stop the second.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await user.click(submitButton());

    expect(server.callsTo('POST', '/api/login')).toHaveLength(1);
    await act(async () => login.release(unauthorized));
    await screen.findByTestId('login-error');
  });

  it('logs in, remembers the board mode and opens the page', async () => {
    let loggedIn = false;
    fakeServer({
      'GET /api/me': () => (loggedIn ? { body: makeUser({ client_type: 'yt-helper' }) } : unauthorized),
      'POST /api/login': () => {
        loggedIn = true;
        return { body: { client_type: 'yt-helper', timezone: 'America/New_York' } };
      },
    });
    const user = userEvent.setup();
    const app = renderApp('/login');

    await user.type(await screen.findByTestId('login-email'), 'yuri@example.com');
    await user.type(screen.getByTestId('login-password'), 'secret-pass{Enter}');

    await screen.findByTestId('sidebar');
    expect(app.pathname()).toBe('/');
    expect(window.localStorage.getItem('viewType')).toBe('yt-helper');
    await waitFor(() => expect(screen.getByText(MSG.loginSuccess)).toBeTruthy());
    // Top right like every other toast, as the spec places them (issue 33).
    expect(screen.getByText(MSG.loginSuccess).closest('.Toastify__toast-container--top-right')).not.toBeNull();
  });
});
