import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { fakeServer, unauthorized } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const sourceBox = () => screen.queryByLabelText(/Please mention source/);

async function chooseReferral(user: UserEvent, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'How did you find us?' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

async function fillRequired(user: UserEvent) {
  await user.type(screen.getByLabelText(/First name/), 'Cleo');
  await user.type(screen.getByLabelText(/Last name/), 'Creator');
  await user.type(screen.getByLabelText(/Email/), 'cleo@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'long-enough-pw');
}

describe('signup referral source', () => {
  it("shows 'Please mention source' only for Other and Affiliate", async () => {
    fakeServer({ 'GET /api/me': unauthorized });
    const user = userEvent.setup();
    renderApp('/signup');
    await screen.findByRole('form', { name: 'Sign up' });

    expect(sourceBox()).toBeNull();
    await chooseReferral(user, 'Other');
    expect(sourceBox()).not.toBeNull();
    await chooseReferral(user, 'Google');
    expect(sourceBox()).toBeNull();
    await chooseReferral(user, 'Affiliate');
    expect(sourceBox()).not.toBeNull();
  });

  it('requires the source before sending, then sends it with the referral', async () => {
    const server = fakeServer({
      'GET /api/me': unauthorized,
      'POST /api/signup': { status: 201, body: { message: MSG.signupSuccessVerify, client_id: 9 } },
    });
    const user = userEvent.setup();
    const app = renderApp('/signup');
    await screen.findByRole('form', { name: 'Sign up' });

    await fillRequired(user);
    await chooseReferral(user, 'Affiliate');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please mention source', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/signup')).toHaveLength(0);

    await user.type(sourceBox()!, 'Jo from the podcast');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(server.callsTo('POST', '/api/signup')[0]?.body).toEqual({
      firstname: 'Cleo',
      lastname: 'Creator',
      email: 'cleo@example.com',
      password: 'long-enough-pw',
      referral: 'Affiliate',
      otherreferral: 'Jo from the podcast',
    });
    expect((await screen.findByTestId('login-notice')).textContent).toBe(MSG.signupSuccessVerify);
  });

  it("drops the source when the referral doesn't need one, and shows the server's field errors", async () => {
    const server = fakeServer({
      'GET /api/me': unauthorized,
      'POST /api/signup': { status: 409, body: { error_message: MSG.emailTaken, code: 'EMAIL_TAKEN', field: 'email' } },
    });
    const user = userEvent.setup();
    renderApp('/signup');
    await screen.findByRole('form', { name: 'Sign up' });

    await fillRequired(user);
    await chooseReferral(user, 'Other');
    await user.type(sourceBox()!, 'a friend');
    await chooseReferral(user, 'Youtube');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();
    const body = server.callsTo('POST', '/api/signup')[0]?.body as Record<string, unknown>;
    expect(body.referral).toBe('Youtube');
    expect(body).not.toHaveProperty('otherreferral');
  });
});
