import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_POLL_MS, SESSION_ENDED_EVENT } from '@cutroom/domain';
import { renderApp } from '../../test/render-app';
import {
  cardServer,
  commentsReply,
  makeCardDetail,
  makeNote,
  stubDocumentFonts,
  viewerFor,
} from '../../test/card-test-kit';

/** Stands in for the browser's EventSource so a test decides when the stream opens, fails or speaks. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 0;
  private listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = 1;
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
}

const commentsCalls = (server: ReturnType<typeof cardServer>) => server.callsTo('GET', '/api/card/7/commentsV2').length;

describe('live chat', { timeout: 15_000 }, () => {
  beforeAll(stubDocumentFonts);
  afterEach(() => {
    vi.useRealTimers();
    FakeEventSource.last = null;
  });

  it('brings a new note in when the stream announces it, and does not poll while the stream is up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal('EventSource', FakeEventSource);
    let notes = [makeNote({ note_id: 1, note: 'First pass looks good' })];
    const server = cardServer(viewerFor('customer'), makeCardDetail(), {
      'GET /api/card/7/commentsV2': () => commentsReply(notes),
    });
    renderApp('/card-details/7');
    // The first test loads the card page on demand (with the date pickers it imports).
    await screen.findByText('First pass looks good', {}, { timeout: 5_000 });
    act(() => FakeEventSource.last!.emit('open'));
    await screen.findByText('Live');

    const before = commentsCalls(server);
    act(() => {
      vi.advanceTimersByTime(CHAT_POLL_MS * 3);
    });
    expect(commentsCalls(server)).toBe(before);

    notes = [makeNote({ note_id: 2, note: 'Editor: new cut uploaded', client_type: 'editor', note_by_id: 30 })];
    act(() => FakeEventSource.last!.emit('note.created', { card_id: 7, note_id: 2, chat: 'customer' }));
    await screen.findByText('Editor: new cut uploaded');
    expect(screen.getByText('First pass looks good')).toBeTruthy();
    // Another card's note is none of this page's business.
    const after = commentsCalls(server);
    act(() => FakeEventSource.last!.emit('note.created', { card_id: 8, note_id: 3, chat: 'customer' }));
    expect(commentsCalls(server)).toBe(after);
  });

  it('falls back to the 15 s poll while the stream is down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal('EventSource', FakeEventSource);
    let notes = [makeNote({ note_id: 1, note: 'Before the outage' })];
    const server = cardServer(viewerFor('customer'), makeCardDetail(), {
      'GET /api/card/7/commentsV2': () => commentsReply(notes),
    });
    renderApp('/card-details/7');
    await screen.findByText('Before the outage');
    act(() => FakeEventSource.last!.emit('error'));
    await screen.findByText('Refreshing every 15 s');

    notes = [makeNote({ note_id: 2, note: 'Written during the outage' })];
    const before = commentsCalls(server);
    act(() => {
      vi.advanceTimersByTime(CHAT_POLL_MS - 100);
    });
    expect(commentsCalls(server)).toBe(before);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(commentsCalls(server)).toBe(before + 1));
    await screen.findByText('Written during the outage');
  });

  it('signs out when the stream says its session ended, instead of reconnecting', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    cardServer(viewerFor('customer'), makeCardDetail(), {
      'GET /api/card/7/commentsV2': () => commentsReply([makeNote({ note_id: 1, note: 'Still here' })]),
    });
    const app = renderApp('/card-details/7');
    await screen.findByText('Still here');
    const stream = FakeEventSource.last!;
    act(() => stream.emit(SESSION_ENDED_EVENT));
    await screen.findByTestId('login-email');
    expect(app.pathname()).toBe('/login');
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
