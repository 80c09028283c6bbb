import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { InboxNoteView, InboxThreadView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { stubDocumentFonts } from '../../test/document-fonts';

beforeAll(stubDocumentFonts);

const customer = makeUser({ client_id: 7, client_type: 'customer', firstname: 'Cleo', lastname: 'Creator' });
const qa = makeUser({ client_id: 3, client_type: 'qa', firstname: 'Quinn', lastname: 'Checker' });

const thread = (overrides: Partial<InboxThreadView> = {}): InboxThreadView => ({
  id: 11,
  title: 'Where is my video?',
  status: 'ACTIVE',
  customer_id: 7,
  client_firstname: 'Cleo',
  client_lastname: 'Creator',
  seen: false,
  unseen_count: 1,
  latest_message: 'We are on it',
  latest_message_at: '2026-11-20T10:00:00.000Z',
  total_count: 2,
  created_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});
const note = (overrides: Partial<InboxNoteView> = {}): InboxNoteView => ({
  note_id: 101,
  note: '<p>Where is <b>my</b> video?</p>',
  note_type: 'comment',
  note_parent_id: null,
  parent: null,
  note_by_id: 7,
  client_type: 'customer',
  firstname: 'Cleo',
  lastname: 'Creator',
  profile_img: null,
  date_added: '2026-11-20T09:00:00.000Z',
  edited_at: null,
  ...overrides,
});

function serve(me: ReturnType<typeof makeUser>, current: InboxThreadView, notes: InboxNoteView[], unseen = 1) {
  const chatQueries: string[] = [];
  const server = fakeServer({
    'GET /api/me': { body: me },
    'GET /api/inbox/unseen': () => ({ body: { count: unseen } }),
    'GET /api/inbox/list/ACTIVE': () => ({ body: { messages: [current], count: 1 } }),
    'GET /api/inbox/list/RESOLVED': { body: { messages: [], count: 0 } },
    // As the server pages: the offset counts back from the newest message, each page oldest first.
    [`GET /api/inbox/chat/${current.id}`]: (_body, url) => {
      chatQueries.push(url.search);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const comments = notes.slice(Math.max(0, notes.length - offset - limit), Math.max(0, notes.length - offset));
      return { body: { thread: current, comments, groupByChat: {}, count: notes.length } };
    },
    'POST /api/inbox/seenMessages': () => {
      unseen = 0;
      current = { ...current, seen: true, unseen_count: 0 };
      return { body: { success: true, unseen: 0 } };
    },
    'POST /api/inbox/chat/send': { status: 201, body: { message: MSG.commentAdded, success: true, id: 102, count: 2 } },
    'PUT /api/inbox/handleStatus': { body: { success: true, message: MSG.inboxResolved, status: 'RESOLVED' } },
    'POST /api/inbox/create': { status: 201, body: { message: MSG.inboxCreated, id: 12 } },
    'GET /api/customers': { body: { customers: [{ client_id: 7, firstname: 'Cleo', lastname: 'Creator' }] } },
  });
  return { ...server, chatQueries };
}

describe('support inbox page', () => {
  it('an unseen thread has the green border and the sidebar badge until opened; opening marks it seen', async () => {
    const server = serve(customer, thread(), [note()]);
    const user = userEvent.setup();
    renderApp('/inbox');
    const item = await screen.findByTestId('inbox-thread');
    expect(item.getAttribute('data-unseen')).toBe('true');
    expect((await screen.findByTestId('support-unseen-badge')).getAttribute('data-count')).toBe('1');

    await user.click(item);
    expect(await screen.findByText('my')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST', '/api/inbox/seenMessages')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/inbox/seenMessages')[0]!.body).toEqual({ chat_id: 11 });
    await waitFor(() => expect(screen.getByTestId('inbox-thread').getAttribute('data-unseen')).toBe('false'));
    await waitFor(() => expect(screen.queryByTestId('support-unseen-badge')).toBeNull());
  });

  it('Enter sends the message as escaped HTML, Shift+Enter only adds a line', async () => {
    const server = serve(customer, thread({ seen: true, unseen_count: 0 }), [note()], 0);
    const user = userEvent.setup();
    renderApp('/inbox?thread=11');
    const input = await screen.findByTestId('inbox-composer-input');
    await user.type(input, 'First <line>{Shift>}{Enter}{/Shift}second');
    expect(server.callsTo('POST', '/api/inbox/chat/send')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/inbox/chat/send')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/inbox/chat/send')[0]!.body).toEqual({
      chat_id: 11,
      note: '<p>First &lt;line&gt;<br>second</p>',
      noteParentId: null,
    });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
    // A customer neither resolves nor edits staff messages.
    expect(screen.queryByTestId('inbox-resolve')).toBeNull();
  });

  it("staff resolve after the spec's question", async () => {
    const server = serve(qa, thread({ seen: true, unseen_count: 0 }), [note()], 0);
    const user = userEvent.setup();
    renderApp('/inbox?thread=11');
    await user.click(await screen.findByTestId('inbox-resolve'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.confirmResolveInbox)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/inbox/handleStatus')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/inbox/handleStatus')[0]!.body).toEqual({ id: 11, status: 'RESOLVED' });
  });

  it('New message: OK stays off until Title and Message are filled (staff also choose the customer)', async () => {
    const server = serve(qa, thread(), [], 0);
    const user = userEvent.setup();
    renderApp('/inbox');
    await user.click(await screen.findByTestId('inbox-new'));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByTestId('inbox-new-ok');
    expect(ok.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByTestId('inbox-new-title'), 'Plan change');
    await user.type(within(dialog).getByTestId('inbox-new-message'), 'Please upgrade');
    expect(ok.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByTestId('inbox-new-customer'));
    await user.click(await screen.findByRole('option', { name: 'Cleo Creator' }));
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
    await user.click(ok);
    await waitFor(() => expect(server.callsTo('POST', '/api/inbox/create')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/inbox/create')[0]!.body).toEqual({
      title: 'Plan change',
      latestMessage: '<p>Please upgrade</p>',
      status: 'ACTIVE',
      messageFor: 7,
    });
  });

  // 130 messages take happy-dom a few seconds to lay out.
  it(
    'a long thread opens on its newest messages, oldest first; Load older messages adds the earlier ones above',
    { timeout: 30_000 },
    async () => {
      // 130 messages a minute apart; the server pages back from the newest, 100 at a time.
      const all = Array.from({ length: 130 }, (_, i) =>
        note({
          note_id: 1000 + i,
          note: `<p>Message ${i + 1}</p>`,
          date_added: new Date(Date.UTC(2026, 10, 20, 9, i)).toISOString(),
        }),
      );
      const server = serve(customer, thread({ seen: true, unseen_count: 0, total_count: 130 }), all, 0);
      const user = userEvent.setup();
      renderApp('/inbox?thread=11');
      expect(await screen.findByText('Message 130', {}, { timeout: 10_000 })).toBeTruthy();
      const shown = () => screen.getAllByTestId('inbox-message').map((m) => Number(m.getAttribute('data-id')));
      expect(shown()).toEqual(all.slice(30).map((n) => n.note_id));
      expect(screen.queryByText('Message 30')).toBeNull();

      await user.click(screen.getByTestId('inbox-load-older'));
      expect(await screen.findByText('Message 1', {}, { timeout: 10_000 })).toBeTruthy();
      expect(shown()).toEqual(all.map((n) => n.note_id));
      expect(server.chatQueries).toEqual(['?offset=0&limit=100', '?offset=100&limit=100']);
      expect(screen.queryByTestId('inbox-load-older')).toBeNull();
    },
  );

  it('a short thread has no Load older messages', async () => {
    serve(customer, thread({ seen: true, unseen_count: 0 }), [note()], 0);
    renderApp('/inbox?thread=11');
    expect(await screen.findByText('my')).toBeTruthy();
    expect(screen.queryByTestId('inbox-load-older')).toBeNull();
  });

  it('a customer re-opens a resolved thread with a message', async () => {
    const server = serve(customer, thread({ status: 'RESOLVED', seen: true, unseen_count: 0 }), [note()], 0);
    const user = userEvent.setup();
    renderApp('/inbox?thread=11');
    const input = await screen.findByTestId('inbox-reopen-input');
    expect(screen.queryByTestId('inbox-composer-input')).toBeNull();
    await user.type(input, 'It happened again{Enter}');
    await waitFor(() => expect(server.callsTo('PUT', '/api/inbox/handleStatus')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/inbox/handleStatus')[0]!.body).toEqual({
      id: 11,
      status: 'ACTIVE',
      latestMessage: '<p>It happened again</p>',
      messageFor: 7,
    });
  });
});
