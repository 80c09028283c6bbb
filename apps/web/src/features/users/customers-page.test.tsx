import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { API, ReplyOf } from '@cutroom/domain/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

type Customer = ReplyOf<typeof API.users.customers>['customers'][number];

const customer = (overrides: Partial<Customer> = {}): Customer => ({
  ...makeUser({
    client_id: 50,
    client_type: 'customer',
    firstname: 'Cleo',
    lastname: 'Creator',
    fullname: 'Cleo Creator',
    useremail: 'cleo@example.com',
  }),
  totalAllowedVideoCount: 4,
  oneMonthCreatedVideo: 3,
  ...overrides,
});
const counters = { active: 7, inactive: 2, allowedCards30d: 28, requestedCards: 19 };
const listed = (customers: Customer[]) => ({ body: { customers, count: customers.length, counters } });

/** The query strings sent to GET /api/customers (the fake server records paths only). */
const customerQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(
      ([input]) =>
        new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost'),
    )
    .filter((url) => url.pathname === '/api/customers')
    .map((url) => Object.fromEntries(url.searchParams));

describe('customers page', { timeout: 15_000 }, () => {
  it('shows the counters and each customer with plan, allowance, last 30 days and state', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': listed([
        customer(),
        customer({
          client_id: 51,
          fullname: 'Uma Unlimited',
          subscription_type: 'unlimited',
          totalAllowedVideoCount: null,
          is_active_subscription: false,
        }),
      ]),
    });
    renderApp('/customers');

    const cleo = await screen.findByTestId('person-50');
    expect(within(cleo).getByRole('link', { name: 'Cleo Creator' }).getAttribute('href')).toBe('/customer/50/profile');
    expect(within(cleo).getByText('WEEKLY')).toBeTruthy();
    expect(within(cleo).getByText('4')).toBeTruthy();
    expect(within(cleo).getByText('3')).toBeTruthy();
    expect(within(cleo).getByText('Active')).toBeTruthy();
    const uma = screen.getByTestId('person-51');
    expect(within(uma).getByText('Unlimited')).toBeTruthy();
    expect(within(uma).getByText('Inactive')).toBeTruthy();
    expect(screen.getByLabelText('Allowed cards (30 days)').textContent).toBe('28');
    expect(screen.getByLabelText('Requested cards').textContent).toBe('19');
  });

  it("shows each customer's activity from the last login (spec 002 §4)", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': listed([
        customer({ last_login_time: daysAgo(1) }),
        customer({ client_id: 51, fullname: 'Max Maker', last_login_time: daysAgo(15) }),
        customer({ client_id: 52, fullname: 'Nia Nomad', last_login_time: daysAgo(31) }),
        customer({ client_id: 53, fullname: 'Otto New', last_login_time: null }),
      ]),
    });
    renderApp('/customers');

    await screen.findByTestId('person-50');
    const band = (id: number) => screen.getByTestId(`person-${id}`).querySelector('[data-activity]')?.textContent;
    expect([50, 51, 52, 53].map(band)).toEqual(['Active', 'Inactive for 14 Days', 'Inactive for 30 Days', undefined]);
    expect(within(screen.getByTestId('person-53')).getByText('Last login: Never')).toBeTruthy();
  });

  it("sends the admin's filters, counts them, and exports with them", async () => {
    fakeServer({ 'GET /api/me': { body: makeUser() }, 'GET /api/customers': listed([customer()]) });
    const user = userEvent.setup();
    renderApp('/customers');

    await screen.findByTestId('person-50');
    await user.click(screen.getByRole('combobox', { name: 'Customer Type' }));
    await user.click(await screen.findByRole('option', { name: 'WEEKLY' }));
    await user.click(screen.getByRole('combobox', { name: 'Customer Activity' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive for 14 days' }));

    await waitFor(() =>
      expect(customerQueries().at(-1)).toEqual({
        customerType: 'weekly',
        activity: 'inactive_14',
        offset: '0',
        limit: '10',
      }),
    );
    expect(screen.getByTestId('clear-filter').textContent).toBe('Clear Filter (2)');
    expect(screen.getByTestId('export-customers').getAttribute('href')).toBe(
      '/api/exportCustomers?customerType=weekly&activity=inactive_14',
    );

    await user.click(screen.getByTestId('clear-filter'));
    expect(screen.getByTestId('clear-filter').getAttribute('data-count')).toBe('0');
    expect(screen.getByTestId('export-customers').getAttribute('href')).toBe('/api/exportCustomers');
  });

  it('asks before deactivating and sends the call with the new state', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': listed([customer()]),
      'POST /api/user/50/toggleUserSubscription': {
        body: { success: true, message: MSG.statusUpdated, is_active_subscription: false, billing_date: null },
      },
    });
    const user = userEvent.setup();
    renderApp('/customers');

    await user.click(await screen.findByRole('button', { name: 'Deactivate Cleo Creator' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Deactivate Cleo Creator's subscription\?/)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/50/toggleUserSubscription')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText(MSG.statusUpdated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/50/toggleUserSubscription')[0]?.body).toEqual({
      client_id: 50,
      is_active_subscription: false,
    });
  });

  it("says the spec's texts when deactivating or deleting fails on the server", async () => {
    const crash = { status: 500, body: { error_message: MSG.generic, code: 'INTERNAL' } };
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': listed([customer()]),
      'POST /api/user/50/toggleUserSubscription': crash,
      'DELETE /api/user/50': crash,
    });
    const user = userEvent.setup();
    renderApp('/customers');

    await user.click(await screen.findByRole('button', { name: 'Deactivate Cleo Creator' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(MSG.somethingWentWrong)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Cleo Creator' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.deleteCustomerFailed)).toBeTruthy();
  });

  it("renews after confirmation and shows the server's refusal as a toast", async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': listed([customer()]),
      'POST /api/user/50/renewSubscription': { status: 409, body: { error_message: 'Not now', code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    renderApp('/customers');

    await user.click(await screen.findByRole('button', { name: 'Renew Cleo Creator' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Not now')).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/50/renewSubscription')).toHaveLength(1);
  });

  it('shows a QA "My Customers" without filters, export or admin actions', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'qa' }) },
      'GET /api/customers': listed([customer()]),
    });
    renderApp('/customers');

    await screen.findByTestId('person-50');
    expect(screen.getByRole('heading', { name: 'My Customers' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Customer Type' })).toBeNull();
    expect(screen.queryByTestId('export-customers')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Customer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate|Renew|Delete/ })).toBeNull();
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let fail = true;
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': () => (fail ? { status: 500, body: { error_message: 'boom' } } : listed([])),
    });
    const user = userEvent.setup();
    renderApp('/customers');

    expect(await screen.findByText(MSG.customersLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MSG.noCustomersMatch)).toBeTruthy();
  });

  // It types a whole form: 5 s alone, past 15 s on a machine busy with other suites.
  it('adds a customer with the role fixed to customer', { timeout: 45_000 }, async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': listed([]),
      'POST /api/user': { status: 201, body: { message: MSG.userCreated, client_id: 60, entity: { client_id: 60 } } },
    });
    const user = userEvent.setup();
    renderApp('/customers');

    await user.click(await screen.findByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: /Role/ })).toBeNull();
    await user.type(within(dialog).getByLabelText(/First name/), 'Nina');
    await user.type(within(dialog).getByLabelText(/Last name/), 'New');
    await user.type(within(dialog).getByLabelText(/Email/), 'nina@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'longenough1');
    await user.click(within(dialog).getByTestId('add-user-submit'));

    expect(await screen.findByText(MSG.userCreated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user')[0]?.body).toEqual({
      customer_type: 'customer',
      firstname: 'Nina',
      lastname: 'New',
      email: 'nina@example.com',
      password: 'longenough1',
    });
  });
});

const qaUser = (id: number, first: string) =>
  makeUser({ client_id: id, client_type: 'qa', firstname: first, lastname: 'QA', fullname: `${first} QA` });

describe('the Add Customer QA slots', { timeout: 20_000 }, () => {
  it('offers the QA, each once across the slots, and sends the chosen ones in slot order', async () => {
    const editor = makeUser({ client_id: 30, client_type: 'editor', fullname: 'Eddie Cutter' });
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': listed([]),
      'GET /api/users': {
        body: { users: [qaUser(20, 'Quinn'), editor, qaUser(21, 'Rita'), qaUser(22, 'Sam')], count: 4 },
      },
      'POST /api/user': { status: 201, body: { message: MSG.userCreated, client_id: 60, entity: { client_id: 60 } } },
    });
    const user = userEvent.setup();
    renderApp('/customers');

    await user.click(await screen.findByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: 'Team lead' })).toBeNull();
    const slot = (n: number) => within(dialog).getByRole<HTMLInputElement>('combobox', { name: `QA ${n}` });
    expect(within(dialog).queryByRole('combobox', { name: 'QA 4' })).toBeNull();
    const offered = async () =>
      within(await screen.findByRole('listbox'))
        .queryAllByRole('option')
        .map((o) => o.textContent);

    await user.click(slot(1));
    await screen.findByRole('option', { name: 'Sam QA' }); // the staff list has arrived
    expect(await offered()).toEqual(['Quinn QA', 'Rita QA', 'Sam QA']);
    await user.click(screen.getByRole('option', { name: 'Rita QA' }));
    await user.click(slot(3));
    expect(await offered()).toEqual(['Quinn QA', 'Sam QA']);
    await user.click(screen.getByRole('option', { name: 'Quinn QA' }));
    await user.click(slot(2));
    expect(await offered()).toEqual(['Sam QA']);
    await user.click(slot(2)); // closes the list, QA 2 stays empty

    await user.type(within(dialog).getByLabelText(/First name/), 'Nina');
    await user.type(within(dialog).getByLabelText(/Last name/), 'New');
    await user.type(within(dialog).getByLabelText(/Email/), 'nina@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'longenough1');
    await user.click(within(dialog).getByTestId('add-user-submit'));

    expect(await screen.findByText(MSG.userCreated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user')[0]?.body).toEqual({
      customer_type: 'customer',
      firstname: 'Nina',
      lastname: 'New',
      email: 'nina@example.com',
      password: 'longenough1',
      assign_qa: [21, 20],
    });
  });
});
