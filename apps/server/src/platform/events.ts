import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { TAB_ID_PATTERN, type Role } from '@cutroom/domain';
import type { CardEventType, LiveEventFields, PersonalEventType } from '@cutroom/domain/schemas';

/** The people a card event concerns; subscribers match it against what their user may see. */
export interface CardAudience {
  clientId: number;
  assignedQaId: number | null;
  assignedTo: number | null;
  ytHelperId: number | null;
  /** The card has the YouTube helper: every helper lead sees it (as they see any card with a helper). */
  hasYoutubeHelper: boolean;
  /** Team-chat events never reach customers. */
  staffOnly?: boolean;
}

/** People an event is for by name, and (for support threads) every user of these roles. */
export interface PersonalAudience {
  userIds: readonly number[];
  roles?: readonly Role[];
}
export type Audience = CardAudience | PersonalAudience;
export const isPersonal = (a: Audience): a is PersonalAudience => 'userIds' in a;

/** What a service publishes: one of the domain's live events, its `data` checked against its `type`. */
export type EventInput =
  | {
      [T in CardEventType]: { type: T; cardId: number; audience: CardAudience; data: LiveEventFields<T> };
    }[CardEventType]
  | {
      [T in PersonalEventType]: { type: T; cardId?: undefined; audience: PersonalAudience; data: LiveEventFields<T> };
    }[PersonalEventType];

export type AppEvent = EventInput & {
  /** Unique, time-ordered across instances: `<ms>-<instance>-<seq>`. */
  id: string;
  /** The browser tab whose call caused the event, so that tab can skip it. */
  origin?: string;
};

const requestTab = new AsyncLocalStorage<string | undefined>();

/** Runs the rest of a request with the tab that sent it (a well-formed `x-cutroom-tab`), for publish to read. */
export function runWithTab(header: unknown, next: () => void) {
  requestTab.run(typeof header === 'string' && TAB_ID_PATTERN.test(header) ? header : undefined, next);
}

/** Sessions that just ended: one (sessionId), or all of a user's but one (exceptSessionId). */
export interface Revocation {
  userId: number;
  sessionId?: number;
  exceptSessionId?: number;
}

export const revokes = (r: Revocation, session: { userId: number; sessionId: number }) =>
  r.userId === session.userId &&
  (r.sessionId === undefined || r.sessionId === session.sessionId) &&
  r.exceptSessionId !== session.sessionId;

export interface EventBus {
  publish(event: EventInput): Promise<void>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  /** Tells every instance that sessions ended, so each drops its cached copies and closes their streams. */
  revoke(revocation: Revocation): Promise<void>;
  onRevoke(listener: (revocation: Revocation) => void): () => void;
  /** Events after `lastId` (an event's id or a cursor) still held in memory, or null when it is too old to replay. */
  since(lastId: string): AppEvent[] | null;
  /** Where the stream stands now: replaying `since` it later gives every event published after this call. */
  cursor(): string;
  close(): Promise<void>;
}

/** How many recent events each instance keeps to replay to a stream that reconnects. */
export const RING_SIZE = 2_000;
const CHANNEL = 'cutroom:events';
const REVOKE_CHANNEL = 'cutroom:revocations';

/** Local fan-out plus a replay ring; `transport` carries events between instances (Redis) or not. */
function createBus(transport?: {
  send(event: AppEvent): Promise<void>;
  onReceive(fn: (event: AppEvent) => void): void;
  sendRevocation(revocation: Revocation): Promise<void>;
  onRevocation(fn: (revocation: Revocation) => void): void;
  close(): Promise<void>;
}): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const instance = randomUUID().slice(0, 8);
  let seq = 0;
  const ring: AppEvent[] = [];
  // The cursor of an empty ring: replaying from it is everything, while nothing has left the ring.
  const emptyCursor = `0-${instance}-0`;
  let dropped = false;

  const deliver = (event: AppEvent) => {
    ring.push(event);
    if (ring.length > RING_SIZE) {
      ring.shift();
      dropped = true;
    }
    emitter.emit('event', event);
  };
  transport?.onReceive(deliver);
  const deliverRevocation = (revocation: Revocation) => emitter.emit('revoke', revocation);
  transport?.onRevocation(deliverRevocation);

  return {
    async publish(input) {
      const origin = requestTab.getStore();
      const event: AppEvent = { ...input, id: `${Date.now()}-${instance}-${++seq}`, ...(origin ? { origin } : {}) };
      if (transport) await transport.send(event);
      else deliver(event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async revoke(revocation) {
      if (transport) await transport.sendRevocation(revocation);
      else deliverRevocation(revocation);
    },
    onRevoke(listener) {
      emitter.on('revoke', listener);
      return () => emitter.off('revoke', listener);
    },
    since(lastId) {
      if (lastId === emptyCursor) return dropped ? null : ring.slice();
      const index = ring.findLastIndex((e) => e.id === lastId);
      return index === -1 ? null : ring.slice(index + 1);
    },
    cursor: () => ring.at(-1)?.id ?? emptyCursor,
    async close() {
      emitter.removeAllListeners();
      await transport?.close();
    },
  };
}

export const createMemoryBus = (): EventBus => createBus();

/** Redis pub/sub: every instance publishes to one channel and delivers what it receives, its own included. */
export async function createRedisBus(url: string): Promise<EventBus> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL, REVOKE_CHANNEL);
  return createBus({
    async send(event) {
      await pub.publish(CHANNEL, JSON.stringify(event));
    },
    onReceive(fn) {
      sub.on('message', (channel: string, message: string) => {
        if (channel === CHANNEL) fn(JSON.parse(message) as AppEvent);
      });
    },
    async sendRevocation(revocation) {
      await pub.publish(REVOKE_CHANNEL, JSON.stringify(revocation));
    },
    onRevocation(fn) {
      sub.on('message', (channel: string, message: string) => {
        if (channel === REVOKE_CHANNEL) fn(JSON.parse(message) as Revocation);
      });
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  });
}
