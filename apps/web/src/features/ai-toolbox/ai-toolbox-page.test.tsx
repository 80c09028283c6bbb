import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AI_PARAMS_STORAGE_KEY, MSG } from '@cutroom/domain';
import type { AiSavedItem } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { generateUrl } from './api';
import { pagerWindow } from './pager';

const configured = {
  body: { configured: true, model: 'm', daily_limit: 50, used_today: 1, remaining: 49 },
};
const customer = { body: makeUser({ client_type: 'customer', firstname: 'Cleo' }) };
const item = (overrides: Partial<AiSavedItem> = {}): AiSavedItem => ({
  id: 5,
  toolType: 'script',
  title: 'Coffee script',
  audience_type: 'Beginners',
  category: null,
  duration: 'short_duration_video',
  data: `<p>${'A long script line. '.repeat(6)}</p>`,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** Answers the generate call with an event stream, the rest through the fake server. */
function streamGenerate(sse: string) {
  const inner = vi.mocked(fetch);
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('/api/ai/toolbox-response')) return inner(input, init);
      urls.push(url);
      return Promise.resolve(new Response(sse, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    }),
  );
  return urls;
}
const sse = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe('AI toolbox', { timeout: 20_000 }, () => {
  it('tells a customer plainly that the toolbox is not available, without the server variables', async () => {
    fakeServer({
      'GET /api/me': customer,
      'GET /api/ai/status': {
        body: { configured: false, model: null, daily_limit: null, used_today: 0, remaining: null },
      },
    });
    renderApp('/AIToolbox');
    expect(await screen.findByText(MSG.aiNotConfigured)).toBeTruthy();
    expect(screen.queryByText(/AI_BASE_URL|AI_API_KEY|AI_MODEL/)).toBeNull();
    expect(screen.queryByTestId('ai-tool-ideas')).toBeNull();
  });

  it('explains the three variables to an admin when the server has no AI endpoint', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'admin' }) },
      'GET /api/ai/status': {
        body: { configured: false, model: null, daily_limit: null, used_today: 0, remaining: null },
      },
    });
    renderApp('/AIToolbox');
    expect(await screen.findByText('The AI toolbox is not set up yet')).toBeTruthy();
    for (const name of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']) expect(screen.getByText(name)).toBeTruthy();
    expect(screen.queryByTestId('ai-tool-ideas')).toBeNull();
  });

  it('generates ideas from the modal, shows them as result cards with the Re prompt hint, and saves one', async () => {
    const server = fakeServer({
      'GET /api/me': customer,
      'GET /api/ai/status': configured,
      'POST /api/ai/save/toolbox-data': { status: 201, body: { message: MSG.aiSaved, id: 9 } },
    });
    const urls = streamGenerate(
      sse('delta', { text: '1. Beans\n' }) +
        sse('delta', { text: '2. Grinders' }) +
        sse('done', { items: ['Beans', 'Grinders'], remaining: 48 }),
    );
    const user = userEvent.setup();
    renderApp('/AIToolbox');
    expect((await screen.findByTestId('ai-remaining')).textContent).toBe('49 of 50 generations left today');

    await user.click(within(screen.getByTestId('ai-tool-ideas')).getByRole('button', { name: 'Open' }));
    const generateButton = await screen.findByTestId('ai-generate');
    expect(generateButton.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByTestId('ai-title'), 'Home coffee');
    expect(generateButton.hasAttribute('disabled')).toBe(false);
    await user.click(generateButton);

    const results = await screen.findByTestId('ai-results');
    expect(within(results).getByText('Beans')).toBeTruthy();
    expect(within(results).getByText('Grinders')).toBeTruthy();
    expect(screen.getByTestId('ai-reprompt')).toBeTruthy();
    expect(new URL(urls[0]!, 'http://localhost').searchParams.get('title')).toBe('Home coffee');
    expect(JSON.parse(window.localStorage.getItem(AI_PARAMS_STORAGE_KEY) ?? '{}')).toMatchObject({
      toolType: 'ideas',
      title: 'Home coffee',
    });

    await user.click(screen.getByRole('button', { name: 'Save result 2' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/ai/save/toolbox-data')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/ai/save/toolbox-data')[0]?.body).toMatchObject({
      title: 'Home coffee',
      toolType: 'ideas',
      data: 'Grinders',
      duration: null,
    });
    expect(await screen.findByRole('button', { name: 'Result 2 saved' })).toBeTruthy();
  });

  it("shows the provider's failure plainly and offers to try again", async () => {
    fakeServer({ 'GET /api/me': customer, 'GET /api/ai/status': configured });
    streamGenerate(sse('error', { code: 'AI_RATE_LIMITED', error_message: MSG.aiRateLimited }));
    const user = userEvent.setup();
    renderApp('/AIToolbox');
    await user.click(within(await screen.findByTestId('ai-tool-title')).getByRole('button', { name: 'Open' }));
    await user.type(await screen.findByTestId('ai-title'), 'Coffee');
    await user.click(screen.getByTestId('ai-generate'));
    // The panel's own alert says it (a toast may say it too).
    const alert = (await screen.findAllByRole('alert')).find((a) => within(a).queryByText('Nothing was generated'));
    expect(within(alert!).getByText(MSG.aiRateLimited)).toBeTruthy();
    expect(screen.queryByTestId('ai-results')).toBeNull();
  });

  it('keeps 1 to 4 sub-topics in the script modal', async () => {
    fakeServer({ 'GET /api/me': customer, 'GET /api/ai/status': configured });
    const user = userEvent.setup();
    renderApp('/AIToolbox');
    await user.click(within(await screen.findByTestId('ai-tool-script')).getByRole('button', { name: 'Open' }));
    const add = await screen.findByRole('button', { name: 'Add sub-topic' });
    expect(screen.getByRole('button', { name: 'Remove sub-topic 1' }).hasAttribute('disabled')).toBe(true);
    for (let i = 0; i < 3; i++) await user.click(add);
    expect(screen.getAllByRole('textbox', { name: /^Sub-topic \d$/ })).toHaveLength(4);
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove sub-topic 2' }));
    expect(screen.getAllByRole('textbox', { name: /^Sub-topic \d$/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getAllByRole('textbox', { name: /^Sub-topic \d$/ })).toHaveLength(1);
  });

  it('lists saved results (70 characters, durations with spaces), filters by tool and deletes after confirming', async () => {
    const server = fakeServer({
      'GET /api/me': customer,
      'GET /api/ai/status': configured,
      'GET /api/ai/get-saved-data': { body: { data: [item()], totalCount: 1 } },
      'DELETE /api/ai/delete-saved-data/5': { body: { message: MSG.aiDeleted } },
    });
    const user = userEvent.setup();
    renderApp('/AIToolbox?tab=saved');
    const row = await screen.findByTestId('ai-saved-5');
    expect(within(row).getByText('short duration video')).toBeTruthy();
    const data = within(row).getByTestId('ai-saved-data').textContent ?? '';
    expect(data).toHaveLength(73);
    expect(data.endsWith('...')).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Scripts' }));
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => (u as string).includes('tooltype=script&'))).toBe(true),
    );

    await user.click(within(row).getByRole('button', { name: 'Delete Coffee script' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/ai/delete-saved-data/5')).toHaveLength(1));
  });

  it('sends a role without the toolbox home', async () => {
    fakeServer({ 'GET /api/me': { body: makeUser({ client_type: 'editor' }) } });
    const view = renderApp('/AIToolbox');
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });
});

describe('helpers', () => {
  it('repeats sub_topics (non-empty, trimmed) for scripts only', () => {
    const url = new URL(
      generateUrl({
        title: ' Coffee ',
        toolType: 'script',
        duration: 'long_duration_video',
        sub_topics: ['a ', ' ', 'b'],
      }),
      'http://x',
    );
    expect(url.searchParams.getAll('sub_topics')).toEqual(['a', 'b']);
    expect(url.searchParams.get('title')).toBe('Coffee');
    expect(new URL(generateUrl({ title: 'C', toolType: 'ideas', sub_topics: ['a'] }), 'http://x').search).toBe(
      '?title=C&toolType=ideas',
    );
  });

  it('shows five page buttons around the current page', () => {
    expect(pagerWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(7, 12)).toEqual([5, 6, 7, 8, 9]);
    expect(pagerWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});
