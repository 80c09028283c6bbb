import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { MSG, fill } from '@cutroom/domain';
import type { LeaveView, UserView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const admin = makeUser({ client_id: 1 });
const lead = makeUser({
  client_id: 5,
  client_type: 'team-lead',
  firstname: 'Lee',
  lastname: 'Lead',
  fullname: 'Lee Lead',
});
const qa = (id: number, name: string) =>
  makeUser({
    client_id: id,
    client_type: 'qa',
    firstname: name,
    lastname: 'QA',
    fullname: `${name} QA`,
    assigned_to_lead_id: 5,
  });
const customer = makeUser({
  client_id: 50,
  client_type: 'customer',
  firstname: 'Cleo',
  lastname: 'Creator',
  fullname: 'Cleo Creator',
  useremail: 'cleo@example.com',
  subscription_type: 'weekly',
  assigned_to_lead_id: 5,
  qas: [{ client_id: 20, fullname: 'Quinn QA' }],
  yt_helpers: [],
  extra_qa_slot: false,
  billing_date: '2026-01-15',
  team_notes: 'Prefers calm music',
  mailPreferences: { card_movement: 1, card_comment: 1, card_comment_tag: 0 },
});

const leave = (overrides: Partial<LeaveView> = {}): LeaveView => ({
  leave_id: 1,
  client_id: 20,
  start_date: '2026-02-02',
  end_date: '2026-02-06',
  reason: 'Family trip',
  created_at: '2026-01-20T00:00:00.000Z',
  ...overrides,
});

function customerServer(viewer: UserView) {
  return fakeServer({
    'GET /api/me': { body: viewer },
    'GET /api/user/50': { body: customer },
    'GET /api/user/5': { body: lead },
    'GET /api/user/50/average-rating': { body: { average_rating: 4.5, rated_videos: 2 } },
    'GET /api/users': { body: { users: [lead, qa(20, 'Quinn'), qa(21, 'Rita')], count: 3 } },
    'PUT /api/user/50': (body) => ({
      body: { message: fill(MSG.userUpdated, { name: 'Cleo Creator' }), user: { ...customer, ...(body as object) } },
    }),
  });
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openTab(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
}

async function saveAndConfirm(user: UserEvent, saveTestId = 'customer-save') {
  await user.click(screen.getByTestId(saveTestId));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(MSG.confirmProfileUpdate)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
}

describe('profiles of other people', { timeout: 20_000 }, () => {
  it("lets an admin change a customer's plan and sends only that field", async () => {
    const server = customerServer(admin);
    const user = userEvent.setup();
    renderApp('/customer/50/profile');

    expect(await screen.findByRole('heading', { name: 'Cleo Creator' })).toBeTruthy();
    await openTab(user, 'Billing');
    await choose(user, 'Plan', 'DOUBLE');
    await saveAndConfirm(user, 'billing-save');

    expect(await screen.findByText('User Cleo Creator updated')).toBeTruthy();
    expect(server.callsTo('PUT', '/api/user/50').map((c) => c.body)).toEqual([{ subscription_type: 'double' }]);
  });

  it('shows a team lead the plan read-only but lets them change the QA slots', async () => {
    const server = customerServer(lead);
    const user = userEvent.setup();
    renderApp('/customer/50/profile');

    expect((await screen.findByRole<HTMLInputElement>('combobox', { name: 'QA 1' })).readOnly).toBe(false);
    await openTab(user, 'Billing');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Plan' }).readOnly).toBe(true);
    expect(screen.queryByTestId('billing-save')).toBeNull();
    await openTab(user, 'Basic Info');
    await choose(user, 'QA 2', 'Rita QA');
    await saveAndConfirm(user);

    await waitFor(() => expect(server.callsTo('PUT', '/api/user/50')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/user/50')[0]?.body).toEqual({ assign_qa: [20, 21] });
  });

  it('lets an admin add leave, refusing a start after the end on the start field', async () => {
    const leaves = [leave()];
    const server = fakeServer({
      'GET /api/me': { body: admin },
      'GET /api/user/20': { body: qa(20, 'Quinn') },
      'GET /api/user/5': { body: lead },
      'GET /api/user/20/average-rating': { body: { average_rating: 4.25, rated_videos: 8 } },
      'GET /api/user/20/leave-history': () => ({ body: { leaves: [...leaves], is_on_leave: false } }),
      'POST /api/user/20/update-leave': (body) => {
        const b = body as { start: string; end: string; reason: string };
        leaves.unshift(leave({ leave_id: 2, start_date: b.start, end_date: b.end, reason: b.reason }));
        return { status: 201, body: { message: MSG.leaveUpdated, leave_id: 2 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/user/20/profile');

    expect(await screen.findByText('4.25 (8 rated videos)')).toBeTruthy();
    expect(screen.getByText('Lee Lead')).toBeTruthy();
    await openTab(user, 'Leave managment');
    expect(await screen.findByText('Family trip')).toBeTruthy();

    const pick = async (label: string, day: number) => {
      await user.click(screen.getByLabelText(label));
      await user.click(await screen.findByRole('button', { name: dayjs().date(day).format('D MMMM YYYY') }));
      return dayjs().date(day).format('YYYY-MM-DD');
    };
    await pick('Start date', 20);
    const end = await pick('End date', 10);
    await user.type(screen.getByLabelText('Reason'), 'Conference');
    await user.click(screen.getByLabelText('Notify their team lead'));
    await user.click(screen.getByTestId('leave-submit'));

    expect(await screen.findByText(MSG.leaveDatesReversed)).toBeTruthy();
    expect(screen.getByLabelText('Start date').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST', '/api/user/20/update-leave')).toHaveLength(0);

    const start = await pick('Start date', 10); // equal dates pass
    expect(start).toBe(end);
    await user.click(screen.getByTestId('leave-submit'));

    expect(await screen.findByText(MSG.leaveUpdated)).toBeTruthy();
    expect(await screen.findByText('Conference')).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/20/update-leave')[0]?.body).toMatchObject({
      start,
      end,
      reason: 'Conference',
      notifyOptions: ['team_lead'],
    });
  });

  it("sends a customer who opens someone else's profile home", async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser({ client_id: 60, client_type: 'customer' }) },
      'GET /api/board': { body: {} },
    });
    const app = renderApp('/customer/50/profile');
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(server.callsTo('GET', '/api/user/50')).toHaveLength(0);
  });
});

describe('profile details', { timeout: 20_000 }, () => {
  it("puts the server's refusal of a field on that field", async () => {
    const server = fakeServer({
      'GET /api/me': { body: admin },
      'GET /api/user/50': { body: customer },
      'GET /api/user/50/average-rating': { body: { average_rating: 0, rated_videos: 0 } },
      'GET /api/users': { body: { users: [], count: 0 } },
      'PUT /api/user/50': {
        status: 400,
        body: { error_message: 'Team notes must be at most 10000 characters', code: 'VALIDATION', field: 'team_notes' },
      },
    });
    const user = userEvent.setup();
    renderApp('/customer/50/profile');

    const notes = await screen.findByLabelText(/Team notes/);
    await user.type(notes, ' and no voice-over');
    await saveAndConfirm(user);

    expect(await screen.findByText('Team notes must be at most 10000 characters')).toBeTruthy();
    expect(screen.getByLabelText(/Team notes/).getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('PUT', '/api/user/50')[0]?.body).toEqual({
      team_notes: 'Prefers calm music and no voice-over',
    });
  });

  it('asks for the custom plan size before saving a custom plan', async () => {
    const server = customerServer(admin);
    const user = userEvent.setup();
    renderApp('/customer/50/profile');

    await screen.findByRole('heading', { name: 'Cleo Creator' });
    await openTab(user, 'Billing');
    await choose(user, 'Plan', 'CUSTOM');
    await user.click(screen.getByTestId('billing-save'));
    expect(await screen.findByText(fill(MSG.customPlanRange, { min: '1', max: '100' }))).toBeTruthy();
    expect(server.callsTo('PUT', '/api/user/50')).toHaveLength(0);

    await choose(user, 'Videos in the custom plan', '12');
    await saveAndConfirm(user, 'billing-save');
    await waitFor(() => expect(server.callsTo('PUT', '/api/user/50')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/user/50')[0]?.body).toEqual({
      subscription_type: 'custom',
      custom_subscription: 12,
    });
  });

  it('lets an admin delete a leave after confirming; others see the history only', async () => {
    const leaves = [leave()];
    const routes = {
      'GET /api/user/20': { body: qa(20, 'Quinn') },
      'GET /api/user/5': { body: lead },
      'GET /api/user/20/average-rating': { body: { average_rating: 0, rated_videos: 0 } },
      'GET /api/user/20/leave-history': () => ({ body: { leaves: [...leaves], is_on_leave: leaves.length > 0 } }),
      'DELETE /api/leave/1/delete-leave': () => {
        leaves.length = 0;
        return { body: { message: MSG.leaveDeleted } };
      },
    };
    const server = fakeServer({ 'GET /api/me': { body: admin }, ...routes });
    const user = userEvent.setup();
    const app = renderApp('/user/20/profile?tab=leave');

    expect(await screen.findByTestId('on-leave')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Delete leave from 2026-02-02' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.confirmDeleteLeave)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.leaveDeleted)).toBeTruthy();
    expect(await screen.findByText('No leave recorded')).toBeTruthy();
    expect(server.callsTo('DELETE', '/api/leave/1/delete-leave')).toHaveLength(1);
    app.unmount();

    leaves.push(leave());
    fakeServer({ 'GET /api/me': { body: lead }, ...routes });
    renderApp('/user/20/profile?tab=leave');
    expect(await screen.findByText('Family trip')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add leave' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete leave/ })).toBeNull();
  });
});

const tara = makeUser({
  client_id: 7,
  client_type: 'team-lead',
  firstname: 'Tara',
  lastname: 'Lead',
  fullname: 'Tara Lead',
});
const yuri = makeUser({
  client_id: 8,
  client_type: 'yt-helper-lead',
  firstname: 'Yuri',
  lastname: 'Helm',
  fullname: 'Yuri Helm',
});

/** An admin (or `viewer`) opening QA Quinn's profile; the PUT answers with the fields sent applied. */
function staffServer(viewer: UserView = admin, person: UserView = qa(20, 'Quinn')) {
  const id = person.client_id;
  return fakeServer({
    'GET /api/me': { body: viewer },
    [`GET /api/user/${id}`]: { body: person },
    'GET /api/user/5': { body: lead },
    [`GET /api/user/${id}/average-rating`]: { body: { average_rating: 0, rated_videos: 0 } },
    [`GET /api/user/${id}/leave-history`]: { body: { leaves: [], is_on_leave: false } },
    'GET /api/users': { body: { users: [lead, tara, yuri, qa(20, 'Quinn')], count: 4 } },
    [`PUT /api/user/${id}`]: (body) => {
      const user = { ...person, ...(body as object) };
      user.fullname = `${user.firstname} ${user.lastname}`;
      return { body: { message: fill(MSG.userUpdated, { name: user.fullname }), user } };
    },
  });
}

const account = () => screen.findByRole('form', { name: 'Account' });
/** The names the open select offers. */
const offered = async () =>
  within(await screen.findByRole('listbox'))
    .queryAllByRole('option')
    .map((o) => o.textContent);

async function saveStaff(user: UserEvent) {
  await user.click(screen.getByTestId('staff-save'));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(MSG.confirmProfileUpdate)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
}

describe("an admin's form of a team member", { timeout: 20_000 }, () => {
  it('sends only the changed names and the new team lead after the question, and toasts the update', async () => {
    const server = staffServer();
    const user = userEvent.setup();
    renderApp('/user/20/profile');

    const form = await account();
    const lastName = within(form).getByLabelText<HTMLInputElement>(/Last name/);
    expect(within(form).getByLabelText<HTMLInputElement>(/First name/).value).toBe('Quinn');
    expect(within(form).getByLabelText<HTMLInputElement>(/Email/).value).toBe('ada@example.com');
    const teamLead = within(form).getByRole<HTMLInputElement>('combobox', { name: 'Team lead' });
    await waitFor(() => expect(teamLead.value).toBe('Lee Lead'));
    expect(screen.getByTestId<HTMLButtonElement>('staff-save').disabled).toBe(true);

    await user.clear(lastName);
    await user.type(lastName, 'Checker');
    await user.click(teamLead);
    expect(await offered()).toEqual(['Lee Lead', 'Tara Lead']);
    await user.click(screen.getByRole('option', { name: 'Tara Lead' }));
    await saveStaff(user);

    expect(await screen.findByText('User Quinn Checker updated')).toBeTruthy();
    expect(server.callsTo('PUT', '/api/user/20').map((c) => c.body)).toEqual([
      { lastname: 'Checker', assigned_to_lead_id: 7 },
    ]);
  });

  it('clears the team lead on a role change, offers the new role its leads, and turns the select off for roles without one', async () => {
    const server = staffServer();
    const user = userEvent.setup();
    renderApp('/user/20/profile');

    const form = await account();
    const teamLead = within(form).getByRole<HTMLInputElement>('combobox', { name: 'Team lead' });
    await waitFor(() => expect(teamLead.value).toBe('Lee Lead'));
    await choose(user, 'Role', 'YouTube Helper');
    expect(teamLead.value).toBe('');
    await user.click(teamLead);
    expect(await offered()).toEqual(['Yuri Helm']);
    await user.click(screen.getByRole('option', { name: 'Yuri Helm' }));

    await choose(user, 'Role', 'Admin');
    expect(teamLead.value).toBe('');
    expect(teamLead.disabled).toBe(true);
    expect(within(form).getByText(MSG.noTeamLeadForRole)).toBeTruthy();
    await saveStaff(user);

    await waitFor(() => expect(server.callsTo('PUT', '/api/user/20')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/user/20')[0]?.body).toEqual({ client_type: 'admin', assigned_to_lead_id: null });
  });

  it('shows an admin their own role without offering a change, and sends a name change alone', async () => {
    const server = staffServer(admin, admin);
    const user = userEvent.setup();
    renderApp('/user/1/profile');

    const form = await account();
    expect(within(form).getByRole<HTMLInputElement>('combobox', { name: 'Role' }).readOnly).toBe(true);
    expect(within(form).getByText(MSG.notOwnRoleOrAccount)).toBeTruthy();
    const firstName = within(form).getByLabelText(/First name/);
    await user.type(firstName, 'line');
    await saveStaff(user);

    await waitFor(() => expect(server.callsTo('PUT', '/api/user/1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/user/1')[0]?.body).toEqual({ firstname: 'Adaline' });
  });

  it('shows a team lead the Brief Info without the form', async () => {
    staffServer(lead);
    renderApp('/user/20/profile');

    expect(await screen.findByRole('region', { name: 'Brief Info' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
  });
});

describe("customer profile: the customer's details", { timeout: 20_000 }, () => {
  it('lets an admin change a detail and sends only that field after the question', async () => {
    const server = customerServer(admin);
    const user = userEvent.setup();
    renderApp('/customer/50/profile');
    const details = await screen.findByRole('form', { name: 'Customer details' });
    await user.type(within(details).getByLabelText('Channel Name'), 'Cleo Creates');
    await user.click(within(details).getByTestId('customer-details-save'));
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/user/50')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/user/50')[0]!.body).toEqual({ channel_name: 'Cleo Creates' });
  });

  it('shows a team lead the details read-only, without a Save', async () => {
    customerServer(lead);
    renderApp('/customer/50/profile');
    const details = await screen.findByRole('form', { name: 'Customer details' });
    expect(within(details).getByLabelText<HTMLInputElement>('Channel Name').readOnly).toBe(true);
    expect(within(details).queryByTestId('customer-details-save')).toBeNull();
  });
});
