import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';

/** The people a card event concerns; subscribers match it against what their user may see. */
export interface CardAudience {
  clientId: number;
  assignedQaId: number | null;
  assignedTo: number | null;
  ytHelperId: number | null;
  /** Team-chat events never reach customers. */
  staffOnly?: boolean;
}

export interface AppEvent {
  /** Unique, time-ordered across instances: `<ms>-<origin>-<seq>`. */
  id: string;
  type:
    'card.created' | 'card.updated' | 'card.moved' | 'card.archived' | 'cards.sorted' | 'note.created' | 'note.updated';
  cardId: number;
  audience: CardAudience;
  data: Record<string, unknown>;
}

export type EventInput = Omit<AppEvent, 'id'>;

export interface EventBus {
  publish(event: EventInput): Promise<void>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  /** Events after `lastId` still held in memory, or null when `lastId` is too old to replay. */
  since(lastId: string): AppEvent[] | null;
  close(): Promise<void>;
}

const RING_SIZE = 2_000;
const CHANNEL = 'cutroom:events';

/** Local fan-out plus a replay ring; `transport` carries events between instances (Redis) or not. */
function createBus(transport?: {
  send(event: AppEvent): Promise<void>;
  onReceive(fn: (event: AppEvent) => void): void;
  close(): Promise<void>;
}): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const origin = randomUUID().slice(0, 8);
  let seq = 0;
  const ring: AppEvent[] = [];

  const deliver = (event: AppEvent) => {
    ring.push(event);
    if (ring.length > RING_SIZE) ring.shift();
    emitter.emit('event', event);
  };
  transport?.onReceive(deliver);

  return {
    async publish(input) {
      const event: AppEvent = { ...input, id: `${Date.now()}-${origin}-${++seq}` };
      if (transport) await transport.send(event);
      else deliver(event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    since(lastId) {
      const index = ring.findIndex((e) => e.id === lastId);
      return index === -1 ? null : ring.slice(index + 1);
    },
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
  await sub.subscribe(CHANNEL);
  return createBus({
    async send(event) {
      await pub.publish(CHANNEL, JSON.stringify(event));
    },
    onReceive(fn) {
      sub.on('message', (_channel: string, message: string) => fn(JSON.parse(message) as AppEvent));
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  });
}
