import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HANDBOOK, DEFAULT_HELP, type HelpContent } from '@cutroom/domain/schemas';
import { MSG } from '@cutroom/domain';
import { stubDocumentFonts } from '../../test/document-fonts';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const HELP: HelpContent = {
  videos: [
    { title: 'Ordering a video', url: '/files/media/1/1700000000000-abc-order.mp4', description: 'Step by step' },
    { title: 'Reviewing on the frame', url: 'https://www.youtube.com/watch?v=abc', description: '' },
    { title: 'Approving a cut', url: '', description: '' },
  ],
  faqs: [{ question: 'When is the cut-off?', answer: '8 pm New York time.' }],
};

beforeAll(stubDocumentFonts);

describe('help page', { timeout: 30_000 }, () => {
  it('plays uploaded videos, links out to others, searches by title and opens the FAQs', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'customer' }) },
      'GET /api/help': { body: { ...HELP, updated_at: null } },
    });
    const user = userEvent.setup();
    renderApp('/help');

    const ordering = await screen.findByRole('article', { name: 'Ordering a video' });
    expect(ordering.querySelector('video')?.getAttribute('src')).toBe(HELP.videos[0]!.url);
    const review = screen.getByRole('article', { name: 'Reviewing on the frame' });
    expect(within(review).getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe(HELP.videos[1]!.url);
    expect(within(screen.getByRole('article', { name: 'Approving a cut' })).getByText(/on its way/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit page' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Search tutorials by title' }), 'frame');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Reviewing on the frame']);
    await user.type(screen.getByRole('textbox', { name: 'Search tutorials by title' }), 'zzz');
    expect(screen.getByText('No tutorial matches')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'When is the cut-off?' }));
    expect(await screen.findByText('8 pm New York time.')).toBeTruthy();
  });

  it("plays the demo's recorded tutorials in the page, as the demo seed stores them", async () => {
    // The URLs' shape of the demo seed's uploads (apps/server/src/features/seed/demo-media.ts HELP_CLIPS).
    const seeded = DEFAULT_HELP.videos.map((v, i) => ({
      ...v,
      url: `/files/media/1/1700000000000-00000000000000${i}0-help-${['ordering', 'reviewing', 'approving'][i]}.mp4`,
    }));
    fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'customer' }) },
      'GET /api/help': { body: { ...DEFAULT_HELP, videos: seeded, updated_at: new Date().toISOString() } },
    });
    renderApp('/help');

    for (const video of seeded) {
      const card = await screen.findByRole('article', { name: video.title });
      const player = card.querySelector('video');
      expect(player?.getAttribute('src'), video.title).toBe(video.url);
      expect(player?.hasAttribute('controls')).toBe(true);
      expect(within(card).queryByText(/on its way/)).toBeNull();
      expect(within(card).queryByRole('link', { name: 'Watch' })).toBeNull();
    }
  });

  it("lets the admin edit it, checked by the server's own schema before it is sent", async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'admin' }) },
      'GET /api/help': { body: { ...DEFAULT_HELP, updated_at: null } },
      'PUT /api/help': (body) => ({
        body: { ...(body as HelpContent), updated_at: new Date().toISOString(), message: MSG.settingsUpdated },
      }),
    });
    const user = userEvent.setup();
    renderApp('/help');

    await user.click(await screen.findByRole('button', { name: 'Edit page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit help page' });
    const title = within(dialog).getByRole('textbox', { name: 'Video 1 title' });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Video title is required')).toBeTruthy();
    expect(server.callsTo('PUT', '/api/help')).toHaveLength(0);

    await user.type(title, 'Tour of the board');
    await user.type(within(dialog).getAllByRole('textbox', { name: 'Link' })[0]!, 'ftp://x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.linkInvalid)).toBeTruthy();
    expect(server.callsTo('PUT', '/api/help')).toHaveLength(0);

    await user.clear(within(dialog).getAllByRole('textbox', { name: 'Link' })[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Remove question 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/help')).toHaveLength(1));
    const sent = server.callsTo('PUT', '/api/help')[0]!.body as HelpContent;
    expect(sent.videos[0]!.title).toBe('Tour of the board');
    expect(sent.faqs).toHaveLength(DEFAULT_HELP.faqs.length - 1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Tour of the board' })).toBeTruthy();
  });
});

describe('client handbook', { timeout: 15_000 }, () => {
  it('shows the handbook without anything that could run', async () => {
    fakeServer({
      'GET /api/me': { body: makeUser({ client_type: 'customer' }) },
      'GET /api/client-handbook': {
        body: {
          body: `${DEFAULT_HANDBOOK.body}<img src=x onerror="alert(1)"><script>alert(2)</script>`,
          updated_at: null,
        },
      },
    });
    renderApp('/client-handbook');
    const body = await screen.findByTestId('handbook-body');
    expect(within(body).getByRole('heading', { name: 'Welcome to Cutroom' })).toBeTruthy();
    expect(body.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit handbook' })).toBeNull();
  });
});
