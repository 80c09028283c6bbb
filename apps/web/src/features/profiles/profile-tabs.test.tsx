import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer, type Reply } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const admin = makeUser({ client_id: 1 });
const lead = makeUser({
  client_id: 5,
  client_type: 'team-lead',
  firstname: 'Lee',
  lastname: 'Lead',
  fullname: 'Lee Lead',
});
const quinn = makeUser({ client_id: 20, client_type: 'qa', firstname: 'Quinn', lastname: 'QA', fullname: 'Quinn QA' });
const cleo = makeUser({
  client_id: 50,
  client_type: 'customer',
  firstname: 'Cleo',
  lastname: 'Creator',
  fullname: 'Cleo Creator',
  subscription_type: 'weekly',
  billing_date: '2026-01-15T00:00:00.000Z',
  billing_data: { start_date: '2026-03-16T00:00:00.000Z', end_date: '2026-04-15T00:00:00.000Z' },
  qas: [],
  yt_helpers: [],
  ref_thumbnails_file: null,
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
const assignee = (id: number, name: string, lastLogin: string | null) => ({
  client_id: id,
  fullname: name,
  useremail: `${id}@example.com`,
  subscription_type: 'custom',
  custom_subscription: 6,
  is_active_subscription: true,
  last_login_time: lastLogin,
});

function personServer(
  viewer: UserView,
  person: UserView,
  routes: Record<string, Reply | ((body: unknown) => Reply)> = {},
) {
  const id = person.client_id;
  return fakeServer({
    'GET /api/me': { body: viewer },
    [`GET /api/user/${id}`]: { body: person },
    [`GET /api/user/${id}/average-rating`]: { body: { average_rating: 0, rated_videos: 0 } },
    [`GET /api/user/${id}/leave-history`]: { body: { leaves: [], is_on_leave: false } },
    [`GET /api/user/${id}/customers`]: { body: { customers: [], count: 0 } },
    'GET /api/users': { body: { users: [lead, quinn], count: 2 } },
    ...routes,
  });
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
const openTab = async (user: UserEvent, name: string) => user.click(await screen.findByRole('tab', { name }));

describe('/user/:id/profile as tabs (spec 002 §2 "User profile")', { timeout: 20_000 }, () => {
  it("opens a QA's profile on Brief Info, beside the figures and Leave managment, with the assignee table", async () => {
    const server = personServer(admin, quinn, {
      'GET /api/user/20/customers': {
        body: {
          customers: [
            assignee(50, 'Cleo Creator', daysAgo(2)),
            assignee(51, 'Max Maker', daysAgo(20)),
            assignee(52, 'Nia Nomad', daysAgo(45)),
            assignee(53, 'Otto New', null),
          ],
          count: 4,
        },
      },
    });
    renderApp('/user/20/profile');

    const table = await screen.findByRole('table', { name: "Quinn QA's customers" });
    expect(tabNames()).toEqual(['Brief Info', 'Response Rate', 'CSAT', 'Leave managment']);
    expect(selectedTab()).toBe('Brief Info');
    expect(screen.getByRole('form', { name: 'Account' })).toBeTruthy();
    const activity = (id: number) => within(screen.getByTestId(`assignee-${id}`)).getAllByRole('cell')[1]!.textContent;
    expect([50, 51, 52, 53].map(activity)).toEqual(['Active', 'Inactive for 14 Days', 'Inactive for 30 Days', '-']);
    expect(within(table).getByRole('link', { name: 'Cleo Creator' }).getAttribute('href')).toBe('/customer/50/profile');
    expect(within(screen.getByTestId('assignee-50')).getByText('CUSTOM (6)')).toBeTruthy();
    expect(screen.getByTestId('assignee-count').textContent).toBe('4 customers');
    expect(server.callsTo('GET', '/api/user/20/customers')).toHaveLength(1);
  });

  it('keeps the chosen tab in the address and says when there are no customers', async () => {
    personServer(admin, quinn);
    const user = userEvent.setup();
    const app = renderApp('/user/20/profile');

    expect(await screen.findByText('No customers yet')).toBeTruthy();
    await openTab(user, 'Leave managment');
    expect(await screen.findByText('No leave recorded')).toBeTruthy();
    expect(app.router.state.location.search).toBe('?tab=leave');
  });

  it("says when the customers didn't load, and retries", async () => {
    let fail = true;
    personServer(admin, quinn, {
      'GET /api/user/20/customers': () =>
        fail
          ? { status: 500, body: { error_message: 'boom', code: 'INTERNAL' } }
          : { body: { customers: [assignee(50, 'Cleo Creator', null)], count: 1 } },
    });
    const user = userEvent.setup();
    renderApp('/user/20/profile');

    expect(await screen.findByText(MSG.customersLoadFailed, {}, { timeout: 8_000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByTestId('assignee-50')).toBeTruthy();
  });

  it("shows an admin's profile as the basic form alone: no tabs, no assignee table", async () => {
    const other = makeUser({ client_id: 2, firstname: 'Abe', lastname: 'Admin', fullname: 'Abe Admin' });
    const server = personServer(admin, other);
    renderApp('/user/2/profile');

    expect(await screen.findByRole('form', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Brief Info' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByTestId('assignee-table')).toBeNull();
    expect(server.callsTo('GET', '/api/user/2/customers')).toHaveLength(0);
  });
});

describe('/customer/:id/profile as tabs (spec 002 §2 "Customer profile")', { timeout: 20_000 }, () => {
  const uploaded = '/files/media/1/a-b-style.png';
  const media: Reply = {
    status: 201,
    body: { url: uploaded, key: 'media/1/a-b-style.png', name: 'style.png', bytes: 3, content_type: 'image/png' },
  };

  it('has Basic Info, Billing and YT Analytics Data; Billing holds the plan, the analytics tab the channel figures', async () => {
    personServer(admin, cleo, {
      'GET /api/yt-analytics/status': { body: { configured: true, connected: false, can_connect: false } },
    });
    const user = userEvent.setup();
    renderApp('/customer/50/profile');

    await screen.findByRole('region', { name: 'Basic Info' });
    expect(tabNames()).toEqual(['Basic Info', 'Billing', 'YT Analytics Data']);
    expect(screen.getByRole('region', { name: 'Team' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Plan' })).toBeNull();

    await openTab(user, 'Billing');
    expect(screen.getByRole('combobox', { name: 'Plan' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Billing' })).getByText(/Mar 16, 2026/)).toBeTruthy();

    await openTab(user, 'YT Analytics Data');
    expect(await screen.findByText(MSG.analyticsCustomerNotConnected)).toBeTruthy();
  });

  it('lets an admin upload the thumbnail reference file, then Clear it', async () => {
    let file: string | null = null;
    const server = personServer(admin, cleo, {
      'GET /api/user/50': () => ({ body: { ...cleo, ref_thumbnails_file: file } }),
      'POST /api/media': media,
      'POST /api/user/uploadThumbnailFile': (body) => {
        file = (body as { ref_thumbnails_file: string }).ref_thumbnails_file;
        return { body: { message: MSG.fileUpdated, ref_thumbnails_file: file } };
      },
      'POST /api/delete/media': () => {
        file = null;
        return { body: { message: MSG.fileRemoved } };
      },
    });
    const user = userEvent.setup();
    renderApp('/customer/50/profile');

    const box = await screen.findByTestId('thumbnail-reference');
    await within(box).findByRole('button', { name: 'Upload image' });
    await user.upload(
      box.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([137, 80, 78])], 'style.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(MSG.fileUpdated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/uploadThumbnailFile')[0]!.body).toEqual({
      client_id: 50,
      ref_thumbnails_file: uploaded,
    });
    expect((await within(box).findByRole('img', { name: 'Thumbnail reference' })).getAttribute('src')).toBe(uploaded);
    expect(within(box).getByRole('button', { name: 'Update' })).toBeTruthy();

    await user.click(within(box).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText(MSG.fileRemoved)).toBeTruthy();
    expect(server.callsTo('POST', '/api/delete/media')[0]!.body).toEqual({ url: uploaded });
    await waitFor(() => expect(within(box).queryByRole('img')).toBeNull());
    expect(within(box).getByText('No file yet')).toBeTruthy();
  });

  it('shows a team lead the file without Upload, Update or Clear', async () => {
    personServer(lead, { ...cleo, ref_thumbnails_file: uploaded });
    renderApp('/customer/50/profile');

    const box = await screen.findByTestId('thumbnail-reference');
    expect(within(box).getByRole('img', { name: 'Thumbnail reference' })).toBeTruthy();
    expect(within(box).queryByRole('button')).toBeNull();
  });

  it('opens the tab the address names', async () => {
    personServer(admin, cleo);
    renderApp('/customer/50/profile?tab=billing');
    expect(await screen.findByRole('combobox', { name: 'Plan' })).toBeTruthy();
    expect(selectedTab()).toBe('Billing');
  });
});
