import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_FAILURES, MSG, fill } from '@cutroom/domain';
import { aiSavedItems } from '../../db/schema.js';
import { FAKE_AI_ANSWER, startFakeAi, type FakeAi, type FakeAiBehaviour } from '../../test/fake-ai.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';
import { parseSse } from '../../test/sse.js';
import { createTestApp, listenLocal, type TestApp } from '../../test/test-app.js';

const KEY = 'sk-test-secret-key-0123456789';
let fake: FakeAi;
let t: TestApp;
let a: Awaited<ReturnType<typeof seedWithSessions>>;

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: KEY,
    AI_MODEL: 'fake-model-1',
    AI_TIMEOUT_MS: '1000',
    AI_DAILY_LIMIT: '100',
  });
  a = await seedWithSessions(t.database.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.behaviour = 'normal';
  fake.answer = FAKE_AI_ANSWER;
  fake.requests.length = 0;
});

const generate = (query: Record<string, string | string[]>, token = a.customer.token) =>
  t.app.inject({ method: 'GET', url: '/api/ai/toolbox-response', query, headers: bearer(token) });
const status = async (token = a.customer.token) =>
  (await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: bearer(token) })).json<{
    configured: boolean;
    model: string | null;
    daily_limit: number | null;
    used_today: number;
    remaining: number | null;
  }>();

describe('GET /api/ai/toolbox-response', () => {
  it('streams the answer as it comes, then the parsed items, and counts one generation', async () => {
    const before = (await status()).used_today;
    const res = await generate({
      title: 'Home coffee',
      toolType: 'ideas',
      audience_type: 'Beginners',
      category: 'Food',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(res.body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((e) => e.data.text).join('')).toBe(FAKE_AI_ANSWER);
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: {
        items: [
          'Behind the scenes of a product launch',
          'Five mistakes beginners make with lighting',
          'A day in the life of our editor',
        ],
        remaining: 100 - before - 1,
      },
    });
    expect((await status()).used_today).toBe(before + 1);

    // The provider got the configured model and key, a streamed call, and the user's fields.
    const [sent] = fake.requests;
    expect(sent?.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body.model).toBe('fake-model-1');
    expect(sent?.body.stream).toBe(true);
    const prompt = sent?.body.messages?.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toContain('Topic: Home coffee');
    expect(prompt).toContain('Audience: Beginners');
    expect(prompt).toContain('Category: Food');
    expect(prompt).toMatch(/video ideas/);
  });

  it('writes a script from its duration and the non-empty sub-topics (repeated parameters)', async () => {
    fake.answer = 'Hook: coffee at home.\n\nPart one: beans.\n\nCall to action: subscribe.';
    const res = await generate({
      title: 'Coffee',
      toolType: 'script',
      duration: 'long_duration_video',
      sub_topics: ['Beans', '  ', ' Grinders '],
    });
    expect(res.statusCode).toBe(200);
    const done = parseSse(res.body).find((e) => e.event === 'done');
    expect(done?.data.items).toEqual([fake.answer]);
    const prompt = fake.requests[0]?.body.messages?.at(-1)?.content ?? '';
    expect(prompt).toContain('(1) Beans; (2) Grinders');
    expect(prompt).toContain('long video');
  });

  it('refuses bad input with 400 naming the field, before counting or calling out', async () => {
    const before = (await status()).used_today;
    const cases: [Record<string, string | string[]>, string][] = [
      [{ toolType: 'ideas' }, 'title'],
      [{ title: '   ', toolType: 'ideas' }, 'title'],
      [{ title: 'x'.repeat(201), toolType: 'ideas' }, 'title'],
      [{ title: 'Coffee', toolType: 'poems' }, 'toolType'],
      [{ title: 'Coffee', toolType: 'script' }, 'duration'],
      [{ title: 'Coffee', toolType: 'script', duration: 'medium' }, 'duration'],
      [
        {
          title: 'Coffee',
          toolType: 'script',
          duration: 'short_duration_video',
          sub_topics: ['a', 'b', 'c', 'd', 'e'],
        },
        'sub_topics',
      ],
    ];
    for (const [query, field] of cases) {
      const res = await generate(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field });
    }
    const five = await generate({
      title: 'C',
      toolType: 'script',
      duration: 'short_duration_video',
      sub_topics: ['a', 'b', 'c', 'd', 'e'],
    });
    expect(five.json<{ error_message: string }>().error_message).toBe(fill(MSG.aiSubTopicsMax, { max: '4' }));
    expect(fake.requests).toEqual([]);
    expect((await status()).used_today).toBe(before);
  });

  const failures: [FakeAiBehaviour, keyof typeof AI_FAILURES, boolean][] = [
    ['hang', 'AI_TIMEOUT', true],
    ['rate-limit', 'AI_RATE_LIMITED', true],
    ['server-error', 'AI_UNAVAILABLE', true],
    ['reset', 'AI_UNAVAILABLE', true],
    ['garbage', 'AI_GARBAGE', true],
    ['html', 'AI_GARBAGE', true],
    ['refusal', 'AI_REFUSED', false],
    ['empty', 'AI_EMPTY', false],
  ];
  for (const [behaviour, code, refunded] of failures) {
    it(`a provider that answers "${behaviour}" gives a clear ${code} event, no 5xx, nothing saved`, async () => {
      fake.behaviour = behaviour;
      const before = (await status()).used_today;
      const res = await generate({ title: 'Coffee', toolType: 'title' });
      expect(res.statusCode).toBe(200);
      const events = parseSse(res.body);
      const last = events.at(-1);
      expect(last?.event).toBe('error');
      expect(last?.data).toMatchObject({ code, error_message: AI_FAILURES[code] });
      expect(events.some((e) => e.event === 'done')).toBe(false);
      expect(res.body).not.toContain(KEY);
      expect(res.body).not.toContain('Rate limit reached');
      expect((await status()).used_today).toBe(refunded ? before : before + 1);
      expect(await t.database.db.select().from(aiSavedItems)).toEqual([]);
    });
  }

  it('a provider that cannot be reached gives AI_UNAVAILABLE and the generation back', async () => {
    const gone = await startFakeAi();
    const url = gone.baseUrl;
    await gone.close();
    const other = await createTestApp({ AI_BASE_URL: url, AI_API_KEY: KEY, AI_MODEL: 'm' });
    try {
      const accounts = await seedWithSessions(other.database.db);
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/ai/toolbox-response?title=Coffee&toolType=ideas',
        headers: bearer(accounts.customer.token),
      });
      expect(res.statusCode).toBe(200);
      expect(parseSse(res.body).at(-1)).toMatchObject({ event: 'error', data: { code: 'AI_UNAVAILABLE' } });
      expect(res.body).not.toContain(KEY);
      expect(res.body).not.toContain('127.0.0.1');
    } finally {
      await other.close();
    }
  });

  it('stops the upstream call when the browser goes away', async () => {
    fake.behaviour = 'hang';
    const slow = await createTestApp({
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: KEY,
      AI_MODEL: 'm',
      AI_TIMEOUT_MS: '60000',
    });
    try {
      const accounts = await seedWithSessions(slow.database.db);
      const base = await listenLocal(slow.app);
      const controller = new AbortController();
      const res = await fetch(`${base}/api/ai/toolbox-response?title=Coffee&toolType=ideas`, {
        headers: bearer(accounts.customer.token),
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      await expect.poll(() => fake.open()).toBe(1);
      controller.abort();
      await expect.poll(() => fake.open(), { timeout: 5000 }).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

describe('the daily limit and the configuration', () => {
  it('answers 429 naming the limit once a user has used it; another user still may', async () => {
    const limited = await createTestApp({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'm', AI_DAILY_LIMIT: '2' });
    try {
      const accounts = await seedWithSessions(limited.database.db);
      const call = (token: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/ai/toolbox-response?title=Coffee&toolType=title',
          headers: bearer(token),
        });
      expect((await call(accounts.customer.token)).statusCode).toBe(200);
      expect((await call(accounts.customer.token)).statusCode).toBe(200);
      const third = await call(accounts.customer.token);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({
        code: 'AI_DAILY_LIMIT',
        error_message: fill(MSG.aiDailyLimit, { limit: '2' }),
      });
      expect((await call(accounts.admin.token)).statusCode).toBe(200);
      // Without a key the client sends none the provider could read as ours.
      expect(fake.requests.at(-1)?.authorization).toBe('Bearer none');
    } finally {
      await limited.close();
    }
  });

  it('reports the model and usage, never the key or the address', async () => {
    const s = await status();
    expect(s).toMatchObject({ configured: true, model: 'fake-model-1', daily_limit: 100 });
    const raw = JSON.stringify(s);
    expect(raw).not.toContain(KEY);
    expect(raw).not.toContain('127.0.0.1');
  });

  it('without configuration: status says so and generate answers 409 AI_NOT_CONFIGURED', async () => {
    const bare = await createTestApp();
    try {
      const accounts = await seedWithSessions(bare.database.db);
      const s = await bare.app.inject({
        method: 'GET',
        url: '/api/ai/status',
        headers: bearer(accounts.customer.token),
      });
      expect(s.json()).toEqual({ configured: false, model: null, daily_limit: null, used_today: 0, remaining: null });
      const g = await bare.app.inject({
        method: 'GET',
        url: '/api/ai/toolbox-response?title=Coffee&toolType=ideas',
        headers: bearer(accounts.customer.token),
      });
      expect(g.statusCode).toBe(409);
      expect(g.json()).toEqual({ code: 'AI_NOT_CONFIGURED', error_message: MSG.aiNotConfigured });
    } finally {
      await bare.close();
    }
  });
});
