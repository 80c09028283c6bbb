import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CURSOR_HEADER, SESSION_ENDED_EVENT } from '@cutroom/domain';
import { FakeEventSource } from '../test/fake-event-source';
import { onUnauthorized } from './api-client';
import {
  streamState,
  subscribe,
  useLiveEvents,
  useStreamState,
  whileStreamDown,
  type LiveMessage,
} from './live-events';
import { TAB_ID } from './tab-id';

const moved = (card_id: number, origin?: string) => ({ card_id, from: 'editing', to: 'qa', by: 3, origin });

let stops: (() => void)[] = [];
/** Subscribes and remembers to leave, so every test starts with the stream closed. */
function listen(types: Parameters<typeof subscribe>[0], options?: Parameters<typeof subscribe>[2]) {
  const heard: LiveMessage[] = [];
  const stop = subscribe(types, (m) => heard.push(m), options);
  stops.push(stop);
  return { heard, stop };
}

beforeEach(() => FakeEventSource.install());
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  vi.useRealTimers();
});

describe('live events', () => {
  it('opens the stream at once and loads the schema with the first event; what came meanwhile is checked, in order', async () => {
    vi.resetModules();
    const fresh = await import('./live-events');
    const heard: LiveMessage[] = [];
    stops.push(fresh.subscribe(['card.moved', 'resync'], (m) => heard.push(m)));
    stops.push(fresh.subscribe(['card.moved'], (m) => heard.push(m)));
    expect(FakeEventSource.live()).toHaveLength(1);
    const stream = FakeEventSource.live()[0]!;
    stream.emit('card.moved', moved(4));
    stream.emit('card.moved', { card_id: 'not a card' });
    stream.emit('resync', {});
    stream.emit('card.moved', moved(5));
    expect(heard).toEqual([]);
    await fresh.loadLiveEventCheck();
    await new Promise((r) => setTimeout(r, 0));
    expect(heard.map((m) => (m.type === 'card.moved' ? m.data.card_id : m.type))).toEqual([4, 4, 'resync', 5, 5]);
    // Once in, an event is delivered as it comes.
    stream.emit('card.moved', moved(6));
    expect(heard).toHaveLength(7);
  });

  it('opens one stream for every subscriber of the tab and closes it with the last', () => {
    const board = listen(['card.moved']);
    const card = listen(['card.moved', 'note.created']);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);

    const [stream] = FakeEventSource.opened;
    stream!.emit('card.moved', moved(4));
    stream!.emit('note.created', { card_id: 4, note_id: 9, chat: 'team' });
    expect(board.heard.map((m) => m.type)).toEqual(['card.moved']);
    expect(card.heard.map((m) => m.type)).toEqual(['card.moved', 'note.created']);

    board.stop();
    expect(stream!.readyState).not.toBe(FakeEventSource.CLOSED);
    card.stop();
    expect(stream!.readyState).toBe(FakeEventSource.CLOSED);
    listen(['card.moved']);
    expect(FakeEventSource.live()).toHaveLength(1);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("skips this tab's own events unless the subscriber keeps them, and drops payloads that don't fit", () => {
    const plain = listen(['card.moved']);
    const keeping = listen(['card.moved'], { keepOwn: (e) => 'card_id' in e.data && e.data.card_id === 5 });
    const stream = FakeEventSource.opened[0]!;

    stream.emit('card.moved', moved(4, TAB_ID));
    stream.emit('card.moved', moved(5, TAB_ID));
    stream.emit('card.moved', moved(6, 'another-tab-1234'));
    stream.emit('card.moved', { card_id: 7, from: 'editing', to: 'nowhere', by: 3 });
    stream.dispatchEvent(new MessageEvent('card.moved', { data: 'not json' }));

    const ids = (heard: LiveMessage[]) =>
      heard.map((m) => (m.type === 'resync' || !('card_id' in m.data) ? null : m.data.card_id));
    expect(ids(plain.heard)).toEqual([6]);
    expect(ids(keeping.heard)).toEqual([5, 6]);
  });

  it('passes resync on, and on session.ended closes for good and signs the tab out', () => {
    const signedOut = vi.fn();
    const stopListening = onUnauthorized(signedOut);
    const sub = listen(['resync']);
    const stream = FakeEventSource.opened[0]!;
    stream.emit('resync');
    expect(sub.heard).toEqual([{ type: 'resync' }]);

    stream.emit(SESSION_ENDED_EVENT);
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    expect(signedOut).toHaveBeenCalledTimes(1);
    listen(['card.moved']);
    expect(FakeEventSource.opened).toHaveLength(1);
    stopListening();
  });

  it('reopens a stream that ended after 5 s from its last event, and asks subscribers to catch up', () => {
    vi.useFakeTimers();
    const onReconnect = vi.fn();
    listen(['card.moved'], { onReconnect });
    const first = FakeEventSource.opened[0]!;
    first.emit('open');
    expect(streamState()).toBe('open');
    first.emit('card.moved', moved(4), '1700-abc-9');

    first.fail();
    expect(streamState()).toBe('down');
    vi.advanceTimersByTime(4_900);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(100);
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe('/api/events?lastEventId=1700-abc-9');
    expect(onReconnect).not.toHaveBeenCalled();
    second.emit('open');
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(streamState()).toBe('open');
  });

  it("replays from where the page's first replies read, and asks for a refetch when a later reply read earlier", async () => {
    vi.resetModules();
    const [client, fresh] = await Promise.all([import('./api-client'), import('./live-events')]);
    await fresh.loadLiveEventCheck();
    const replyAt = (cursor: string) =>
      vi.stubGlobal('fetch', async () => new Response('{}', { headers: { [EVENT_CURSOR_HEADER]: cursor } }));

    replyAt('1700-abc-4');
    await client.api('/api/me');
    const heard: LiveMessage[] = [];
    stops.push(fresh.subscribe(['card.moved', 'resync'], (m) => heard.push(m)));
    expect(FakeEventSource.live()[0]!.url).toBe('/api/events?lastEventId=1700-abc-4');

    replyAt('1700-abc-6');
    await client.api('/api/cards');
    expect(heard).toEqual([]);
    replyAt('1700-abc-3');
    await client.api('/api/cards');
    expect(heard).toEqual([{ type: 'resync' }]);
  });

  it('gives a hook typed events while it is mounted, and the state to the hook that asks for it', () => {
    const heard: number[] = [];
    const types = ['card.archived'] as const;
    let renders = 0;
    const events = renderHook(() => {
      renders += 1;
      useLiveEvents(types, (m) => heard.push(m.data.card_id));
    });
    const state = renderHook(() => useStreamState());
    expect(state.result.current).toBe('connecting');
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.emit('open'));
    expect(state.result.current).toBe('open');
    // The events' hook draws nothing again when the state changes (a page's part would redraw unsliced).
    expect(renders).toBe(1);
    stream.emit('card.archived', { card_id: 8, archived: true });
    expect(heard).toEqual([8]);
    events.unmount();
    state.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('runs a fallback only while the stream is not open, and stops it when asked', () => {
    const running: string[] = [];
    listen(['card.moved']);
    const stream = FakeEventSource.opened[0]!;
    const stop = whileStreamDown(() => {
      running.push('start');
      return () => running.push('stop');
    });
    expect(running).toEqual(['start']);
    stream.emit('open');
    expect(running).toEqual(['start', 'stop']);
    stream.fail();
    expect(running).toEqual(['start', 'stop', 'start']);
    stop();
    expect(running).toEqual(['start', 'stop', 'start', 'stop']);
    stream.emit('open');
    expect(running).toHaveLength(4);
  });
});
