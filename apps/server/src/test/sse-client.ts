import http from 'node:http';

export interface SseMessage {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/** A minimal EventSource for tests: connects, parses frames, and waits for matching ones. */
export function connectSse(url: string, headers: Record<string, string>) {
  const received: SseMessage[] = [];
  const waiters: { match: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }[] = [];
  let buffer = '';
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const ready = new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE status ${res.statusCode}`));
      res.on('end', markEnded);
      res.on('close', markEnded);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => l && !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          ) as Record<string, string>;
          if (!fields.event) continue;
          const message = {
            id: fields.id,
            event: fields.event,
            data: JSON.parse(fields.data ?? '{}') as Record<string, unknown>,
          };
          received.push(message);
          for (const w of [...waiters]) {
            if (!w.match(message)) continue;
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(message);
          }
        }
      });
      resolve(req);
    });
    req.on('error', reject);
  });
  return {
    received,
    ready,
    /** Resolves when the server closes the stream. */
    ended,
    /** Whether the server closed the stream within `ms`. */
    endsWithin: (ms: number) =>
      Promise.race([ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]),
    /** Resolves with the first message (already received or coming) that matches, or rejects after `ms`. */
    waitFor(match: (m: SseMessage) => boolean, ms = 1000): Promise<SseMessage> {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${ms} ms`)), ms);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    async close() {
      (await ready).destroy();
    },
  };
}
