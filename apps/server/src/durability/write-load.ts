import { randomBytes } from 'node:crypto';

/** What the server acknowledged with a 2xx: each write by the id it answered with, and its content. */
export interface Ledger {
  cards: Map<number, { clientId: number; title: string; link: string; info: string }>;
  notes: Map<number, { cardId: number; chat: 'customer' | 'team'; note: string }>;
}

export const newLedger = (): Ledger => ({ cards: new Map(), notes: new Map() });

export interface Target {
  /** Customers the admin creates requests for. */
  customerIds: number[];
  /** Cards the admin comments on. */
  cardIds: number[];
}

export interface Api {
  origin: string;
  token: string;
}

async function send(api: Api, method: string, url: string, body?: unknown) {
  return fetch(`${api.origin}${url}`, {
    method,
    headers: { authorization: `Bearer ${api.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

export async function call<T>(api: Api, method: string, url: string, body?: unknown): Promise<T> {
  const res = await send(api, method, url, body);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function login(origin: string, email: string, password: string): Promise<Api> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ useremail: email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return { origin, token: ((await res.json()) as { access_token: string }).access_token };
}

const nonce = (bytes: number) => randomBytes(bytes).toString('hex');
let seq = 0;

/** One request for a customer; the random payload makes a torn or mixed-up row visible. */
export async function createCard(api: Api, ledger: Ledger, clientId: number, tag: string) {
  const title = `Durability ${tag} card ${++seq} ${nonce(4)}`;
  const link = `https://www.dropbox.com/sh/${nonce(8)}?dl=0`;
  const info = `<p>${nonce(600)}</p>`;
  const res = await send(api, 'POST', '/api/card', {
    client_id: clientId,
    card_title: title,
    dropbox_link: link,
    youtube_aspect_ratio: '16:9',
    video_purpose: 'podcast',
    additional_info: info,
  });
  if (res.status !== 201) return res.status;
  const { card_id } = (await res.json()) as { card_id: number };
  ledger.cards.set(card_id, { clientId, title, link, info });
  return res.status;
}

async function postNote(api: Api, ledger: Ledger, cardId: number, chat: 'customer' | 'team', tag: string) {
  const note = `Durability ${tag} note ${++seq}: ${nonce(200)}`;
  const res = await send(api, 'POST', `/api/card/${cardId}${chat === 'team' ? '/team' : ''}/comment`, { note });
  if (res.status !== 201) return res.status;
  const { id } = (await res.json()) as { id: number };
  ledger.notes.set(id, { cardId, chat, note });
  return res.status;
}

export interface LoadStats {
  acked: number;
  /** Calls sent and not yet answered, right now. */
  inFlight: number;
  /** Replies by status, and 'network' for calls that got no reply at all. */
  failed: Record<string, number>;
  /** When each failed write was sent. */
  failSentAt: number[];
  /** Each acknowledged write: when it was sent, and when its 2xx came back. */
  ackTimes: { sentAt: number; at: number }[];
}

export interface Load {
  stats: LoadStats;
  /** Stops sending, and waits for the calls in flight to settle. */
  stop(): Promise<void>;
}

/**
 * Keeps `concurrency` writes in flight (new requests, customer and team comments) until stopped,
 * recording every acknowledged one in the ledger. Failures are counted and the load carries on.
 */
export function startLoad(api: Api, target: Target, ledger: Ledger, opts: { concurrency: number; tag: string }): Load {
  const stats: LoadStats = { acked: 0, inFlight: 0, failed: {}, failSentAt: [], ackTimes: [] };
  let stopped = false;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const one = async () => {
    const kind = Math.random();
    if (kind < 0.5) return createCard(api, ledger, pick(target.customerIds), opts.tag);
    return postNote(api, ledger, pick(target.cardIds), kind < 0.8 ? 'customer' : 'team', opts.tag);
  };
  const worker = async () => {
    while (!stopped) {
      const sentAt = Date.now();
      stats.inFlight++;
      const status = await one().catch(() => 'network' as const);
      stats.inFlight--;
      if (status === 201) {
        stats.acked++;
        stats.ackTimes.push({ sentAt, at: Date.now() });
      } else {
        stats.failed[status] = (stats.failed[status] ?? 0) + 1;
        stats.failSentAt.push(sentAt);
        // A refused call fails at once; a pause keeps a dead server from turning this into a busy loop.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const workers = Array.from({ length: opts.concurrency }, worker);
  return {
    stats,
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** Resolves once `acked` writes have been acknowledged since the load started. */
export async function untilAcked(stats: LoadStats, acked: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (stats.acked < acked) {
    if (Date.now() > deadline)
      throw new Error(`only ${stats.acked} of ${acked} writes acknowledged: ${JSON.stringify(stats.failed)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
