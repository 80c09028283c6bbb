import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Change Password' });
const newPassword = () => screen.getByLabelText<HTMLInputElement>(/^New Password/);
const confirmPassword = () => screen.getByLabelText<HTMLInputElement>(/^Confirm Password/);

describe('change password', () => {
  it('is enabled only when both fields are filled and equal', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser() } });
    const user = userEvent.setup();
    renderApp('/profile?tab=password');
    await screen.findByLabelText(/^New Password/);

    expect(button().disabled).toBe(true);
    await user.type(newPassword(), 'new-password-1');
    expect(button().disabled).toBe(true);
    await user.type(confirmPassword(), 'new-password-2');
    expect(button().disabled).toBe(true);
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();

    await user.clear(confirmPassword());
    await user.type(confirmPassword(), 'new-password-1');
    expect(button().disabled).toBe(false);
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).toBeNull();
  });

  it('saves the password, says so and clears the fields', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'PUT /api/change-password': { body: { status: true, message: MSG.passwordChanged } },
    });
    const user = userEvent.setup();
    renderApp('/profile?tab=password');

    await user.type(await screen.findByLabelText(/^New Password/), 'new-password-1');
    await user.type(confirmPassword(), 'new-password-1{Enter}');

    expect(await screen.findByText(MSG.passwordChanged)).toBeTruthy();
    expect(server.callsTo('PUT', '/api/change-password')[0]?.body).toEqual({ password: 'new-password-1' });
    await waitFor(() => expect(newPassword().value).toBe(''));
    expect(confirmPassword().value).toBe('');
  });

  it("checks the server's minimum length before sending", async () => {
    const server = fakeServer({ 'GET /api/me': { body: makeUser() } });
    const user = userEvent.setup();
    renderApp('/profile?tab=password');

    await user.type(await screen.findByLabelText(/^New Password/), 'short');
    await user.type(confirmPassword(), 'short{Enter}');

    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(server.callsTo('PUT', '/api/change-password')).toHaveLength(0);
  });
});
