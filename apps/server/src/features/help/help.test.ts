import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HANDBOOK, DEFAULT_HELP, type HelpContent } from '@cutroom/domain/schemas';
import { HELP_FAQS_MAX, MSG } from '@cutroom/domain';
import { helpPages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, seedWithSessions } from '../../test/helpers.js';

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT';
const as = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const rows = async () => (await t.database.db.select().from(helpPages)).length;

const CONTENT: HelpContent = {
  videos: [
    { title: 'Ordering a video', url: 'https://videos.example.com/order.mp4', description: 'How to order' },
    { title: 'Review on the frame', url: '/files/media/1/1700000000000-abc-review.mp4', description: '' },
    { title: 'Coming later', url: '', description: '' },
  ],
  faqs: [{ question: 'When is the cut-off?', answer: '8 pm New York time.' }],
};

describe('help page', () => {
  it('answers the defaults, built from the FAQ facts, to every role until the admin edits it', async () => {
    for (const role of ['customer', 'editor', 'qa', 'helper'] as const) {
      const res = await as(accounts[role].token, 'GET', '/api/help');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...DEFAULT_HELP, updated_at: null });
    }
    const answers = DEFAULT_HELP.faqs.map((f) => f.answer).join('\n');
    for (const fact of ['8 pm', '5 pm', '24 hours', '30 days', '$95', '9:16', '1:1']) expect(answers).toContain(fact);
    expect(DEFAULT_HELP.videos).toHaveLength(3);
  });

  it('lets the admin replace it, and everyone then reads the new content', async () => {
    const saved = await as(accounts.admin.token, 'PUT', '/api/help', CONTENT);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...CONTENT, message: MSG.settingsUpdated, updated_at: expect.any(String) });
    const read = (await as(accounts.customer.token, 'GET', '/api/help')).json<HelpContent & { updated_at: string }>();
    expect(read).toMatchObject(CONTENT);
    expect(Date.parse(read.updated_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['an empty video title', { videos: [{ title: ' ', url: '' }], faqs: [] }, 'videos.0.title'],
    ['a script link', { videos: [{ title: 'x', url: 'javascript:alert(1)' }], faqs: [] }, 'videos.0.url'],
    ['a path outside the uploads', { videos: [{ title: 'x', url: '/files/../etc/passwd' }], faqs: [] }, 'videos.0.url'],
    ['an empty answer', { videos: [], faqs: [{ question: 'Q?', answer: '' }] }, 'faqs.0.answer'],
    [
      'too many FAQs',
      { videos: [], faqs: Array.from({ length: HELP_FAQS_MAX + 1 }, () => ({ question: 'Q', answer: 'A' })) },
      'faqs',
    ],
    ['no lists', {}, 'videos'],
  ])('refuses %s with 400 and changes nothing', async (_, body, field) => {
    const before = await as(accounts.admin.token, 'GET', '/api/help');
    const res = await as(accounts.admin.token, 'PUT', '/api/help', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect((await as(accounts.admin.token, 'GET', '/api/help')).json()).toEqual(before.json());
  });

  it('stores its texts as plain text: markup, scripts and handlers are dropped', async () => {
    const res = await as(accounts.admin.token, 'PUT', '/api/help', {
      videos: [{ title: '<b>Intro</b>', url: '', description: 'Watch <img src=x onerror=alert(1)>this' }],
      faqs: [{ question: 'Cut-off <i>time</i>?', answer: '8 pm<script>steal()</script> <a onclick="x()">EST</a>' }],
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      videos: [{ title: 'Intro', url: '', description: 'Watch this' }],
      faqs: [{ question: 'Cut-off time?', answer: '8 pmsteal() EST' }],
    };
    expect(res.json()).toMatchObject(expected);
    const read = await as(accounts.customer.token, 'GET', '/api/help');
    expect(read.json()).toMatchObject(expected);
    for (const dropped of ['<', 'onerror', 'onclick']) expect(read.body).not.toContain(dropped);
  });

  it('refuses an answer that is nothing but markup, naming the field', async () => {
    const res = await as(accounts.admin.token, 'PUT', '/api/help', {
      videos: [],
      faqs: [{ question: 'Q?', answer: '<script></script><img src=x onerror=alert(1)>' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'faqs.0.answer', error_message: MSG.helpAnswerRequired });
  });

  it('is edited by the admin only', async () => {
    const count = await rows();
    for (const role of ['lead', 'qa', 'editor', 'customer', 'helperLead'] as const) {
      expect((await as(accounts[role].token, 'PUT', '/api/help', CONTENT)).statusCode).toBe(403);
    }
    expect(await rows()).toBe(count);
    expect((await t.app.inject({ method: 'GET', url: '/api/help' })).statusCode).toBe(401);
  });
});

describe('client handbook', () => {
  it('answers the default handbook until the admin edits it', async () => {
    const res = await as(accounts.customer.token, 'GET', '/api/client-handbook');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_HANDBOOK, updated_at: null });
  });

  it("keeps the editor's tags and drops scripts, handlers and styles", async () => {
    const res = await as(accounts.admin.token, 'PUT', '/api/client-handbook', {
      body: '<h2 onclick="x()">Rules</h2><script>alert(1)</script><p style="color:red">Send <a href="javascript:x">links</a> <a href="https://drive.example.com">here</a></p>',
    });
    expect(res.statusCode).toBe(200);
    const read = (await as(accounts.editor.token, 'GET', '/api/client-handbook')).json<{ body: string }>();
    expect(read.body).toMatch(/^<h2>Rules<\/h2><p>Send <a[^>]*>links<\/a> <a href="https:\/\/drive.example.com"/);
    for (const dropped of ['script', 'alert', 'onclick', 'style', 'javascript'])
      expect(read.body).not.toContain(dropped);
    expect(res.json().body).toBe(read.body);
  });

  it('refuses a body that is not text, and callers other than the admin', async () => {
    expect((await as(accounts.admin.token, 'PUT', '/api/client-handbook', { body: 5 })).statusCode).toBe(400);
    expect((await as(accounts.customer.token, 'PUT', '/api/client-handbook', { body: '<p>x</p>' })).statusCode).toBe(
      403,
    );
  });
});
