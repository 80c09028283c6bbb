import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, NOTIFICATION_POLL_MS, NOTIFICATION_TYPES } from '@cutroom/domain';
import type { NotificationView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { FakeEventSource } from '../../test/fake-event-source';
import { fakeServer, type Reply } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

let seq = 0;
function makeNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  const id = overrides.id ?? ++seq;
  return {
    id,
    notification_unique_id: `event-${id}`,
    recipient_client_id: 1,
    type: 'card_movement',
    data: `Ada Admin moved "Card ${id}" to QA`,
    action_link: `/card-details/${100 + id}`,
    card_id: 100 + id,
    seen: false,
    seen_at: null,
    created_at: new Date(Date.now() - id * 60_000).toISOString(),
    actor_id: 2,
    firstname: 'Ada',
    lastname: 'Admin',
    profile_img: null,
    ...overrides,
  };
}

const v2Reply = (list: NotificationView[], total = list.length) => ({
  body: {
    allNotifications: list,
    todayNotifications: list,
    yesterdayNotifications: [],
    allNotificationsCount: total,
    todayCount: total,
    yesterdayCount: 0,
    countsCapped: false,
  },
});

function serve(routes: Record<string, Reply | ((body: unknown) => Reply)> = {}) {
  return fakeServer({
    'GET /api/me': { body: makeUser({ client_type: 'customer', client_id: 1 }) },
    'GET /api/notifications/getCount': { body: { notificationsCount: 2 } },
    'GET /api/notifications/types': { body: { types: NOTIFICATION_TYPES.map((t) => ({ ...t })) } },
    'POST /api/notifications/read': () => ({
      body: { success: true, message: MSG.notificationsMarkedRead, marked: 1, notificationsCount: 0 },
    }),
    ...routes,
  });
}

const bell = () => screen.findByTestId('notification-bell');

describe('the notification bell', { timeout: 15_000 }, () => {
  beforeEach(() => FakeEventSource.install());
  afterEach(() => vi.useRealTimers());

  it('shows the unseen count and counts up live from the event stream, without polling while it is up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = serve();
    renderApp('/profile');
    await waitFor(async () => expect((await bell()).getAttribute('data-count')).toBe('2'));
    const stream = FakeEventSource.live()[0]!;
    act(() => stream.emit('open'));
    act(() => stream.emit('notification.created', { unseen: 3 }));
    await waitFor(async () => expect((await bell()).getAttribute('data-count')).toBe('3'));
    expect((await bell()).getAttribute('aria-label')).toBe('Notifications, 3 unread notifications');

    const before = server.callsTo('GET', '/api/notifications/getCount').length;
    act(() => void vi.advanceTimersByTime(NOTIFICATION_POLL_MS * 3));
    expect(server.callsTo('GET', '/api/notifications/getCount')).toHaveLength(before);
  });

  it('polls the count every 30 s only while the stream is down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let unseen = 1;
    const server = serve({ 'GET /api/notifications/getCount': () => ({ body: { notificationsCount: unseen } }) });
    renderApp('/profile');
    await waitFor(async () => expect((await bell()).getAttribute('data-count')).toBe('1'));
    act(() => FakeEventSource.live()[0]!.emit('error'));
    unseen = 4;
    const before = server.callsTo('GET', '/api/notifications/getCount').length;
    act(() => void vi.advanceTimersByTime(NOTIFICATION_POLL_MS));
    await waitFor(async () => expect((await bell()).getAttribute('data-count')).toBe('4'));
    expect(server.callsTo('GET', '/api/notifications/getCount').length).toBeGreaterThan(before);
  });

  it('opens a dropdown of the latest; a click marks that one seen and opens its card', async () => {
    const latest = [makeNotification({ id: 7, data: 'Ada Admin moved "Intro" to QA' })];
    const server = serve({ 'GET /api/notifications': { body: { notifications: latest, notificationsCount: 2 } } });
    const user = userEvent.setup();
    const app = renderApp('/profile');
    await user.click(await bell());
    const dropdown = await screen.findByTestId('notification-dropdown-list');
    await user.click(within(dropdown).getByText('Ada Admin moved "Intro" to QA'));
    await waitFor(() => expect(app.pathname()).toBe('/card-details/107'));
    await waitFor(() => expect(server.callsTo('POST', '/api/notifications/read')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/notifications/read')[0]!.body).toEqual({ resultIds: [7] });
  });
});

describe('/notifications', { timeout: 15_000 }, () => {
  beforeEach(() => FakeEventSource.install());

  it('lists the page, selects by avatar and marks the selection, or all, as read', async () => {
    const list = [
      makeNotification({ id: 1 }),
      makeNotification({ id: 2, seen: true, seen_at: new Date().toISOString() }),
    ];
    const server = serve({ 'GET /api/notificationsV2': v2Reply(list) });
    const user = userEvent.setup();
    renderApp('/notifications');
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('data-unseen')).toBe('true');
    expect(items[1]!.getAttribute('data-unseen')).toBeNull();

    await user.click(screen.getAllByTestId('notification-select')[0]!);
    expect(screen.getAllByTestId('notification-select')[0]!.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Mark 1 as read' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/notifications/read')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/notifications/read')[0]!.body).toEqual({ resultIds: [1] });
    expect(await screen.findByText(MSG.notificationsMarkedRead)).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/notifications/read')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/notifications/read')[1]!.body).toEqual({});
  });

  it('asks each tab and filter of the server, and shows more above 50', async () => {
    const first = Array.from({ length: 50 }, (_, i) => makeNotification({ id: 1000 + i }));
    const more = [makeNotification({ id: 2000, data: 'The fifty-first' })];
    const server = serve({ 'GET /api/notificationsV2': () => v2Reply(first, 51) });
    // The fake server routes by path; the query is read from the fetch calls.
    const pages: URLSearchParams[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderApp('/notifications');
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(50);
    for (const call of fetchSpy.mock.calls) {
      const target = typeof call[0] === 'string' ? call[0] : '';
      if (target.startsWith('/api/notificationsV2')) pages.push(new URLSearchParams(target.split('?')[1]));
    }
    expect(pages[0]!.get('group')).toBe('all');
    expect(pages[0]!.get('page')).toBe('1');
    expect(pages[0]!.get('limit')).toBe('50');

    server.calls.length = 0;
    fetchSpy.mockClear();
    first.splice(0, first.length, ...more);
    await user.click(screen.getByTestId('notifications-show-more'));
    expect(await screen.findByText('The fifty-first')).toBeTruthy();
    expect(screen.getAllByTestId('notification-item')).toHaveLength(51);
    const shown = fetchSpy.mock.calls.map((c) => (typeof c[0] === 'string' ? c[0] : ''));
    expect(shown.some((u) => u.includes('page=2'))).toBe(true);
    expect(screen.queryByTestId('notifications-show-more')).toBeNull();

    fetchSpy.mockClear();
    await user.click(screen.getByTestId('notifications-tab-yesterday'));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some((c) => typeof c[0] === 'string' && c[0].includes('group=yesterday'))).toBe(true),
    );
  });

  it("'Delete 3 months old' asks first, then deletes; a failed load says the spec's message", async () => {
    const server = serve({
      'GET /api/notificationsV2': { status: 500, body: { error_message: 'boom', code: 'INTERNAL' } },
      'DELETE /api/delete-notifications/3': {
        body: { success: true, message: MSG.notificationsOldDeleted, deleted: 3, notificationsCount: 0 },
      },
    });
    const user = userEvent.setup();
    renderApp('/notifications');
    expect(await screen.findByText(MSG.notificationsFailed, {}, { timeout: 8_000 })).toBeTruthy();
    await user.click(screen.getByTestId('notifications-delete-old'));
    expect(await screen.findByText(MSG.confirmDeleteOldNotifications)).toBeTruthy();
    expect(server.callsTo('DELETE', '/api/delete-notifications/3')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/delete-notifications/3')).toHaveLength(1));
    expect(await screen.findByText(MSG.notificationsOldDeleted)).toBeTruthy();
  });
});
