import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the fake answers the next calls. */
export type FakeAiBehaviour =
  | 'normal'
  /** Sends headers, then nothing: the caller's time-out must end it. */
  | 'hang'
  | 'rate-limit'
  | 'server-error'
  /** A refusal delta, then finish_reason content_filter. */
  | 'refusal'
  /** A 200 event stream whose data is not JSON. */
  | 'garbage'
  /** A 200 answer that is not an event stream at all (an HTML page). */
  | 'html'
  /** Two deltas, then the socket is destroyed mid-stream. */
  | 'reset'
  /** A well-formed stream whose text is empty. */
  | 'empty';

export interface FakeAiRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
  };
}

export interface FakeAi {
  /** The base URL to give as AI_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: FakeAiRequest[];
  behaviour: FakeAiBehaviour;
  /** The text the normal behaviour streams, in small pieces. */
  answer: string;
  /** Milliseconds between streamed pieces (the browser test watches text arrive). */
  pieceDelayMs: number;
  /** How many streams are open now (so a test can see a dropped browser stop the upstream call). */
  open(): number;
  close(): Promise<void>;
}

export const FAKE_AI_ANSWER = [
  'Here are some ideas:',
  '1. Behind the scenes of a product launch',
  '2. Five mistakes beginners make with lighting',
  '3. A day in the life of our editor',
].join('\n');

/** What the fake hears in any sound: two lines, as Whisper's verbose_json segments. */
export const FAKE_TRANSCRIPT = [
  { id: 0, start: 0.1, end: 0.9, text: ' Fake transcript, first line.' },
  { id: 1, start: 1.0, end: 1.9, text: ' And the second line.' },
];

const chunk = (model: string, delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

/** Pieces of a few characters, so a stream visibly grows. */
const pieces = (text: string) => text.match(/[\s\S]{1,12}/g) ?? [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions),
 * streaming or not, with a switchable behaviour; it records each request it gets.
 */
export async function startFakeAi(): Promise<FakeAi> {
  const sockets = new Set<Socket>();
  let openStreams = 0;
  const fake: Omit<FakeAi, 'baseUrl' | 'close' | 'open'> = {
    requests: [],
    behaviour: 'normal',
    answer: FAKE_AI_ANSWER,
    pieceDelayMs: 0,
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString('utf8')));
    req.on('end', () => {
      void answer(req, res, raw);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
      // Transcription (issue 53): one spoken line a second of the part it was sent, as verbose_json.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ language: 'english', segments: FAKE_TRANSCRIPT }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let body: FakeAiRequest['body'] = {};
    try {
      body = JSON.parse(raw) as FakeAiRequest['body'];
    } catch {
      // recorded as empty
    }
    fake.requests.push({ authorization: req.headers.authorization, body });
    const model = body.model ?? 'fake-model';
    const json = (status: number, value: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };

    switch (fake.behaviour) {
      case 'rate-limit':
        return json(
          429,
          { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
          { 'retry-after': '20' },
        );
      case 'server-error':
        return json(500, { error: { message: 'The server had an error', type: 'server_error' } });
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>Gateway says hello</body></html>');
        return;
    }

    if (!body.stream) {
      const content = fake.behaviour === 'empty' ? '' : fake.answer;
      return json(200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            finish_reason: fake.behaviour === 'refusal' ? 'content_filter' : 'stop',
          },
        ],
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    openStreams++;
    res.on('close', () => openStreams--);
    switch (fake.behaviour) {
      case 'hang':
        res.write(chunk(model, { role: 'assistant', content: '' }));
        return; // never ends; the socket is closed by the caller or by close()
      case 'garbage':
        res.write('data: {"choices": [ this is not json\n\n');
        res.end();
        return;
      case 'refusal':
        res.write(chunk(model, { role: 'assistant', refusal: "I can't help with that." }));
        res.write(chunk(model, {}, 'content_filter'));
        res.end('data: [DONE]\n\n');
        return;
      case 'empty':
        res.write(chunk(model, { role: 'assistant', content: '' }));
        res.write(chunk(model, {}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      case 'reset':
        res.write(chunk(model, { role: 'assistant', content: 'Half an ' }));
        res.write(chunk(model, { content: 'answer' }));
        await sleep(20);
        req.socket.destroy();
        return;
    }
    res.write(chunk(model, { role: 'assistant', content: '' }));
    for (const piece of pieces(fake.answer)) {
      if (res.destroyed) return;
      if (fake.pieceDelayMs) await sleep(fake.pieceDelayMs);
      res.write(chunk(model, { content: piece }));
    }
    res.write(chunk(model, {}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    open: () => openStreams,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
