import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const quinn = makeUser({
  client_id: 20,
  client_type: 'qa',
  firstname: 'Quinn',
  lastname: 'Checker',
  fullname: 'Quinn Checker',
  useremail: 'quinn@example.com',
  is_on_leave: true,
});
const eddie = makeUser({
  client_id: 30,
  client_type: 'editor',
  firstname: 'Eddie',
  lastname: 'Cutter',
  fullname: 'Eddie Cutter',
  useremail: 'eddie@example.com',
});

const listed = (users: UserView[]) => ({ body: { users, count: users.length } });

/** The query strings the page sent to GET /api/users (the fake server records paths only). */
const usersQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(
      ([input]) =>
        new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'),
    )
    .filter((url) => url.pathname === '/api/users')
    .map((url) => Object.fromEntries(url.searchParams));

describe('users page', { timeout: 15_000 }, () => {
  it('shows each team member with role, email, leave badge and a link to the profile', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser() }, 'GET /api/users': listed([quinn, eddie]) });
    renderApp('/users');

    const card = await screen.findByTestId('person-20');
    expect(within(card).getByRole('link', { name: 'Quinn Checker' }).getAttribute('href')).toBe('/user/20/profile');
    expect(within(card).getByText('QA')).toBeTruthy();
    expect(within(card).getByText('quinn@example.com')).toBeTruthy();
    expect(within(card).getByText('On leave')).toBeTruthy();
    expect(within(screen.getByTestId('person-30')).queryByText('On leave')).toBeNull();
    expect(usersQueries()[0]).toEqual({ filter: 'all', offset: '0', limit: '10' });
  });

  it('lets an admin add a user with a generated password', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/users': listed([eddie]),
      'POST /api/user': { status: 201, body: { message: MSG.userCreated, client_id: 40, entity: { client_id: 40 } } },
    });
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Team Lead' }));
    await user.type(within(dialog).getByLabelText(/First name/), 'Tess');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Lead');
    await user.type(within(dialog).getByLabelText(/Email/), 'tess@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const password = within(dialog).getByLabelText<HTMLInputElement>(/^Password/).value;
    expect(password).toHaveLength(16);
    expect(within(screen.getByTestId('generated-password')).getByText(password)).toBeTruthy();
    await user.click(within(dialog).getByTestId('add-user-submit'));

    expect(await screen.findByText(MSG.userCreated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user')[0]?.body).toEqual({
      customer_type: 'team-lead',
      firstname: 'Tess',
      lastname: 'Lead',
      email: 'tess@example.com',
      password,
    });
    await waitFor(() => expect(server.callsTo('GET', '/api/users')).toHaveLength(2));
  });

  it('sends the filter and the search, counts them and clears them', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser() }, 'GET /api/users': listed([quinn]) });
    const user = userEvent.setup();
    renderApp('/users');

    await screen.findByTestId('person-20');
    const clearFilter = () => screen.getByTestId('clear-filter');
    expect(clearFilter().getAttribute('data-count')).toBe('0');
    await user.click(screen.getByLabelText('On Leave'));
    await waitFor(() => expect(usersQueries().at(-1)).toEqual({ filter: 'onLeave', offset: '0', limit: '10' }));
    expect(clearFilter().textContent).toBe('Clear Filter (1)');

    const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });
    await user.type(search, 'quinn');
    await waitFor(() => expect(usersQueries().at(-1)).toMatchObject({ search: 'quinn', filter: 'onLeave' }));
    expect(clearFilter().textContent).toBe('Clear Filter (2)');

    await user.click(clearFilter());
    expect(clearFilter().getAttribute('data-count')).toBe('0');
    expect(search.value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('All Users').checked).toBe(true);
  });

  it('asks before deleting and sends the call', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/users': listed([eddie]),
      'DELETE /api/user/30': { body: { success: true, message: MSG.userDeleted } },
    });
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(await screen.findByRole('button', { name: 'Delete Eddie Cutter' }));
    expect(server.callsTo('DELETE', '/api/user/30')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete Eddie Cutter\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.userDeleted)).toBeTruthy();
    expect(server.callsTo('DELETE', '/api/user/30')).toHaveLength(1);
  });

  it("says 'Unable to delete user' when the server fails, and the server's refusal when it refuses", async () => {
    let status = 500;
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/users': listed([eddie]),
      'DELETE /api/user/30': () => ({
        status,
        body: { error_message: status === 500 ? MSG.generic : MSG.notOwnRoleOrAccount, code: 'X' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/users');

    const remove = async () => {
      await user.click(await screen.findByRole('button', { name: 'Delete Eddie Cutter' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    };
    await remove();
    expect(await screen.findByText(MSG.deleteUserFailed)).toBeTruthy();
    status = 403;
    await remove();
    expect(await screen.findByText(MSG.notOwnRoleOrAccount)).toBeTruthy();
  });

  it('shows a team lead "My Team" without the admin actions', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'team-lead' }) }, 'GET /api/users': listed([quinn]) });
    renderApp('/users');

    await screen.findByTestId('person-20');
    expect(screen.getByRole('heading', { name: 'My Team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/users': () => (fail ? { status: 500, body: { error_message: 'boom' } } : listed([])),
    });
    const user = userEvent.setup();
    renderApp('/users');

    expect(await screen.findByText(MSG.usersLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MSG.noUsersMatch)).toBeTruthy();
  });
});

const tess = makeUser({
  client_id: 5,
  client_type: 'team-lead',
  firstname: 'Tess',
  lastname: 'Lead',
  fullname: 'Tess Lead',
});
const yara = makeUser({
  client_id: 6,
  client_type: 'yt-helper-lead',
  firstname: 'Yara',
  lastname: 'Helm',
  fullname: 'Yara Helm',
});

/** The names the open select offers. */
const offered = async () =>
  within(await screen.findByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);

describe('the Add User team lead', { timeout: 20_000 }, () => {
  it('offers the leads of the chosen role, clears them on a role change and is off for roles without one', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/users': listed([eddie, quinn, tess, yara]),
      'POST /api/user': { status: 201, body: { message: MSG.userCreated, client_id: 40, entity: { client_id: 40 } } },
    });
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    const lead = () => within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Team lead' });
    const role = within(dialog).getByRole('combobox', { name: /Role/ });
    expect(lead().disabled).toBe(true);
    expect(within(dialog).getByText(MSG.chooseRoleFirst)).toBeTruthy();

    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'QA' }));
    expect(lead().disabled).toBe(false);
    await user.click(lead());
    await screen.findByRole('option', { name: 'Tess Lead' }); // the staff list has arrived
    expect(await offered()).toEqual(['Tess Lead']);
    await user.click(screen.getByRole('option', { name: 'Tess Lead' }));
    expect(lead().value).toBe('Tess Lead');

    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'YouTube Helper' }));
    expect(lead().value).toBe('');
    await user.click(lead());
    expect(await offered()).toEqual(['Yara Helm']);
    await user.click(screen.getByRole('option', { name: 'Yara Helm' }));

    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(lead().value).toBe('');
    expect(lead().disabled).toBe(true);
    expect(within(dialog).getByText(MSG.noTeamLeadForRole)).toBeTruthy();

    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    await user.click(lead());
    await user.click(await screen.findByRole('option', { name: 'Tess Lead' }));
    await user.type(within(dialog).getByLabelText(/First name/), 'Ed');
    await user.type(within(dialog).getByLabelText(/Last name/), 'New');
    await user.type(within(dialog).getByLabelText(/Email/), 'ed@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'longenough1');
    await user.click(within(dialog).getByTestId('add-user-submit'));

    expect(await screen.findByText(MSG.userCreated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user')[0]?.body).toEqual({
      customer_type: 'editor',
      firstname: 'Ed',
      lastname: 'New',
      email: 'ed@example.com',
      password: 'longenough1',
      assign_team_lead: 5,
    });
  });
});
