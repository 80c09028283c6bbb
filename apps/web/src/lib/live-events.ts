import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIVE_EVENT_NAMES, LIVE_RESYNC_EVENT, SESSION_ENDED_EVENT } from '@cutroom/domain';
import type { LiveEvent } from '@cutroom/domain/schemas';
import { signalSessionEnded } from './api-client';
import { afterSlices } from './hydration-turns';
import { streamClosed, streamOpening } from './event-cursor';
import type * as LiveEventCheck from './live-event-check';
import { importOnce } from './import-once';
import { TAB_ID } from './tab-id';

export type StreamState = 'connecting' | 'open' | 'down';
/** What subscribers hear: a live event, or `resync` (events were missed beyond replay: refetch). */
export type LiveMessage = LiveEvent | { type: typeof LIVE_RESYNC_EVENT };
export type LiveMessageType = LiveMessage['type'];
export type LiveMessageOf<T extends LiveMessageType> = Extract<LiveMessage, { type: T }>;

export interface SubscribeOptions {
  /** This tab's own events are skipped, its calls having refreshed what they changed; unless this says otherwise. */
  keepOwn?: (event: LiveEvent) => boolean;
  /** The stream is back after being down: what it missed may not all replay, so catch up. */
  onReconnect?: () => void;
}

interface Subscriber {
  receive(message: LiveMessage): void;
  reconnected(): void;
}

/** The browser retries dropped streams itself; one refused outright (a restart, a proxy) is reopened by us. */
const REOPEN_MS = 5_000;
const EVENTS_URL = '/api/events';

const subscribers = new Set<Subscriber>();
const stateListeners = new Set<() => void>();
let source: EventSource | null = null;
let reopenTimer: number | undefined;
let state: StreamState = 'connecting';
let wasDown = false;
/** After session.ended nothing reopens until every subscriber has left (the app is signing out). */
let sessionEnded = false;
/** Sent when we reopen a closed stream ourselves, so what was missed replays as when the browser retries. */
let lastEventId = '';

const supported = () => typeof EventSource !== 'undefined';

let check: typeof LiveEventCheck | undefined;
/**
 * The events' schema (zod) loads with the first event, not with the page: building it is a long task on a
 * phone's first seconds (issue 36), and most page loads hear no event. What arrives meanwhile waits, in order.
 */
export const loadLiveEventCheck: () => Promise<void> = importOnce(() =>
  import('./live-event-check').then((m) => {
    check = m;
  }),
);
/** Events (and resyncs) heard before the schema was in, in the order they came. */
let waiting: { type: string; data: string }[] = [];

function setState(next: StreamState) {
  if (next === state) return;
  state = next;
  stateListeners.forEach((listener) => listener());
}

const isOneOf = <T extends LiveMessageType>(message: LiveMessage, types: readonly T[]): message is LiveMessageOf<T> =>
  types.some((type) => type === message.type);

function readEvent(type: string, text: string): LiveEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  return check!.checkLiveEvent(type, data);
}

/** Heard while a page the server drew is still hydrating, it waits for that: its refetch would redraw a part. */
function deliver(message: LiveMessage) {
  afterSlices(() => {
    for (const subscriber of [...subscribers]) subscriber.receive(message);
  });
}

/** Delivers what waited for the schema, once it is in; a failed download is tried again with the next event. */
function deliverWaiting() {
  if (!check) {
    void loadLiveEventCheck().then(deliverWaiting, () => {});
    return;
  }
  const due = waiting;
  waiting = [];
  for (const { type, data } of due) {
    if (type === LIVE_RESYNC_EVENT) deliver({ type: LIVE_RESYNC_EVENT });
    else {
      const live = readEvent(type, data);
      if (live) deliver(live);
    }
  }
}

/** A named event or a resync, delivered now when nothing waits before it. */
function heard(type: string, data: string) {
  if (check && waiting.length === 0) {
    if (type === LIVE_RESYNC_EVENT) return deliver({ type: LIVE_RESYNC_EVENT });
    const live = readEvent(type, data);
    if (live) deliver(live);
    return;
  }
  waiting.push({ type, data });
  // With the schema in and events still waiting, the drain that loaded it is about to run.
  if (!check) deliverWaiting();
}

function open() {
  reopenTimer = undefined;
  if (!supported() || sessionEnded) return;
  const from = streamOpening(lastEventId, () => deliver({ type: LIVE_RESYNC_EVENT }));
  const es = new EventSource(from ? `${EVENTS_URL}?lastEventId=${encodeURIComponent(from)}` : EVENTS_URL);
  source = es;
  es.addEventListener('open', () => {
    setState('open');
    // Anything written while we were away arrives now; a fresh stream has nothing to replay.
    if (wasDown) [...subscribers].forEach((s) => s.reconnected());
    wasDown = false;
  });
  es.addEventListener('error', () => {
    wasDown = true;
    setState('down');
    if (es.readyState === EventSource.CLOSED) {
      es.close();
      source = null;
      streamClosed();
      reopenTimer = window.setTimeout(open, REOPEN_MS);
    }
  });
  for (const type of LIVE_EVENT_NAMES) {
    es.addEventListener(type, (event) => {
      if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return;
      if (event.lastEventId) lastEventId = event.lastEventId;
      heard(type, event.data);
    });
  }
  es.addEventListener(LIVE_RESYNC_EVENT, () => heard(LIVE_RESYNC_EVENT, ''));
  es.addEventListener(SESSION_ENDED_EVENT, () => {
    sessionEnded = true;
    stop();
    signalSessionEnded();
  });
}

function stop() {
  window.clearTimeout(reopenTimer);
  reopenTimer = undefined;
  source?.close();
  source = null;
  streamClosed();
}

/**
 * Hears these types on the tab's one GET /api/events stream, opened with the first subscriber and
 * closed with the last. Payloads that don't fit the domain's schema are dropped.
 */
export function subscribe<T extends LiveMessageType>(
  types: readonly T[],
  handler: (message: LiveMessageOf<T>) => void,
  options: SubscribeOptions = {},
): () => void {
  const subscriber: Subscriber = {
    receive(message) {
      const own = message.type !== LIVE_RESYNC_EVENT && message.data.origin === TAB_ID;
      if (own && !options.keepOwn?.(message)) return;
      if (isOneOf(message, types)) handler(message);
    },
    reconnected: () => options.onReconnect?.(),
  };
  subscribers.add(subscriber);
  if (!source && reopenTimer === undefined) open();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size > 0) return;
    stop();
    waiting = [];
    wasDown = false;
    sessionEnded = false;
    lastEventId = '';
    setState('connecting');
  };
}

function onStateChange(listener: () => void) {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Whether the stream is up; 'down' where the browser has no EventSource, so callers poll instead. */
export const streamState = (): StreamState => (supported() ? state : 'down');

/**
 * `subscribe` for a component's lifetime; `types` must be a constant list. The handler and options
 * may change between renders without reopening anything. It draws nothing again when the stream's state
 * changes: a part showing that state reads `useStreamState` itself.
 */
export function useLiveEvents<T extends LiveMessageType>(
  types: readonly T[],
  handler: (message: LiveMessageOf<T>) => void,
  options: SubscribeOptions = {},
): void {
  const latest = useRef({ handler, options });
  useEffect(() => {
    latest.current = { handler, options };
  });
  useEffect(
    () =>
      subscribe(types, (message) => latest.current.handler(message), {
        keepOwn: (event) => latest.current.options.keepOwn?.(event) ?? false,
        onReconnect: () => latest.current.options.onReconnect?.(),
      }),
    [types],
  );
}

/**
 * The stream's state, for the small part that shows it or polls by it: a change of it is drawn at once, without
 * yielding (React's rule for an outside store), so a part high on a page reading it redraws, and finishes
 * hydrating, everything under it in one long task. A first screen the server rendered shows it as connecting.
 */
export const useStreamState = (): StreamState => useSyncExternalStore(onStateChange, streamState, () => 'connecting');

/**
 * Runs `start` while the stream is not open (a poll as its fallback), stopping what it returned when the
 * stream opens; for a part that would otherwise redraw on each change of the state. Returns the unsubscribe.
 */
export function whileStreamDown(start: () => () => void): () => void {
  let stop: (() => void) | null = null;
  const follow = () => {
    const down = streamState() !== 'open';
    if (down && !stop) stop = start();
    else if (!down && stop) {
      stop();
      stop = null;
    }
  };
  follow();
  const unsubscribe = onStateChange(follow);
  return () => {
    unsubscribe();
    stop?.();
  };
}
