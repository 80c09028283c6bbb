import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { fakeServer, type Reply } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const customer = makeUser({
  client_id: 7,
  client_type: 'customer',
  firstname: 'Cleo',
  fullname: 'Cleo Creator',
  has_youtube_helper: true,
  has_subtitles: true,
});
const allowance = (overrides: Record<string, unknown> = {}): Reply => ({
  body: { used: 1, limit: 4, blocked: null, message: null, ...overrides },
});

function serverFor(routes: Record<string, Reply | ((body: unknown) => Reply)> = {}) {
  return fakeServer({
    'GET /api/me': { body: customer },
    'GET /api/requestAllowance': allowance(),
    ...routes,
  });
}

const title = () => screen.getByLabelText<HTMLInputElement>(/^Card title/);
const footage = () => screen.getByLabelText<HTMLInputElement>(/^Link to the raw footage/);
const next = () => screen.getByRole<HTMLButtonElement>('button', { name: /Next/ });
const create = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create' });
const format = () => screen.getByRole('radiogroup', { name: /Format/ });

async function choosePurpose(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByTestId('video-purpose'));
  await user.click(await screen.findByRole('option', { name: label }));
}

/** Fills step 1 with valid values and moves to step 2. */
async function fillDetails(user: ReturnType<typeof userEvent.setup>, cardTitle = 'Launch video') {
  await user.type(await screen.findByLabelText(/^Card title/), cardTitle);
  await user.type(footage(), 'https://www.dropbox.com/sh/raw');
  await user.click(within(format()).getByRole('radio', { name: /Wide/ }));
  await choosePurpose(user, 'Podcast');
  await user.click(next());
  await screen.findByText('Additional info');
}

// Whole-page journeys through a rich form take a few seconds each on a small machine.
const SLOW = { timeout: 30_000 };

describe('new request page', SLOW, () => {
  it('enables Next only when title, footage, format and content type are filled, with the Other texts', async () => {
    serverFor();
    const user = userEvent.setup();
    renderApp('/new-card');
    await user.type(await screen.findByLabelText(/^Card title/), 'Launch video');
    expect(next().disabled).toBe(true);
    await user.type(footage(), 'https://www.dropbox.com/sh/raw');
    expect(next().disabled).toBe(true);

    // 'Other' needs its custom ratio text before Next enables.
    await user.click(within(format()).getByRole('radio', { name: 'Other' }));
    await choosePurpose(user, 'Podcast');
    expect(next().disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Custom format/), '21:9');
    expect(next().disabled).toBe(false);

    // One option per meaning: the spec's two readings are merged (issue 18).
    await user.click(screen.getByTestId('video-purpose'));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toContain('Social media/Youtube Content');
    expect(offered).not.toContain('Youtube Content');
    expect(offered).not.toContain('Video Advertisement');
    await user.keyboard('{Escape}');

    // So does an 'Other' content type.
    await choosePurpose(user, 'Other');
    expect(next().disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Describe the content type/), 'Course lesson');
    expect(next().disabled).toBe(false);

    await user.clear(title());
    expect(next().disabled).toBe(true);
  });

  it('turns an all-caps title into a capital first letter and lowercase rest on leaving the field', async () => {
    serverFor();
    const user = userEvent.setup();
    renderApp('/new-card');
    await user.type(await screen.findByLabelText(/^Card title/), 'MY BIG LAUNCH');
    await user.tab();
    expect(title().value).toBe('My big launch');

    // Mixed case is the user's choice and stays.
    await user.clear(title());
    await user.type(title(), 'iPhone REVIEW');
    await user.tab();
    expect(title().value).toBe('iPhone REVIEW');
  });

  it('creates the request with the whole form, says so and goes home', async () => {
    const server = serverFor({
      'POST /api/card': { status: 201, body: { message: MSG.newRequestCreated, card_id: 41 } },
    });
    const user = userEvent.setup();
    const app = renderApp('/new-card');
    await fillDetails(user);
    expect(create().disabled).toBe(false);
    await user.click(create());

    expect(await screen.findByText(MSG.newRequestCreated)).toBeTruthy();
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(server.callsTo('POST', '/api/card')[0]?.body).toMatchObject({
      card_title: 'Launch video',
      dropbox_link: 'https://www.dropbox.com/sh/raw',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'podcast',
      hasYTHelper: false,
      hasRepurpose: false,
      subtitles: false,
    });
    expect(server.callsTo('POST', '/api/card')[0]?.body).not.toHaveProperty('client_id');
  });

  it('allows at most two repurpose sizes: at two the other boxes disable', async () => {
    serverFor();
    const user = userEvent.setup();
    renderApp('/new-card');
    await fillDetails(user);
    await user.click(screen.getByRole('checkbox', { name: /^Repurpose/ }));
    const sizes = within(screen.getByRole('group', { name: /Repurpose sizes/ }));
    const box = (name: string | RegExp) => sizes.getByRole<HTMLInputElement>('checkbox', { name });

    await user.click(box('Vertical (9:16)'));
    expect(box('Square (1:1)').disabled).toBe(false);
    await user.click(box('Square (1:1)'));
    expect(box('In Feed Vertical (4:5)').disabled).toBe(true);
    expect(box('Other').disabled).toBe(true);
    expect(box('Vertical (9:16)').disabled).toBe(false);

    await user.click(box('Vertical (9:16)'));
    expect(box('Other').disabled).toBe(false);
    await user.click(box('Other'));
    expect(screen.getByLabelText(/^Custom size/)).toBeTruthy();
  });

  it("shows the duplicate-title hint on the title field when the server answers 'Card Title already exist'", async () => {
    serverFor({
      'POST /api/card': {
        status: 409,
        body: { error_message: MSG.cardTitleExists, code: 'CARD_TITLE_EXISTS', field: 'card_title' },
      },
    });
    const user = userEvent.setup();
    renderApp('/new-card');
    await fillDetails(user, 'Morning routine vlog');
    await user.click(create());

    // Back on step 1, where the title is, with the spec's hint under it.
    expect(await screen.findByText(MSG.cardTitleExistsHint)).toBeTruthy();
    expect(title().getAttribute('aria-invalid')).toBe('true');
  });

  it('puts other server field errors on their fields', async () => {
    serverFor({
      'POST /api/card': {
        status: 400,
        body: { error_message: 'Your plan does not include subtitles', code: 'VALIDATION', field: 'subtitles' },
      },
    });
    const user = userEvent.setup();
    renderApp('/new-card');
    await fillDetails(user);
    await user.click(screen.getByRole('checkbox', { name: /^Subtitles/ }));
    await user.click(create());
    expect(await screen.findByText('Your plan does not include subtitles')).toBeTruthy();
  });

  it('disables Create with the limit tooltip when the allowance is used up', async () => {
    serverFor({
      'GET /api/requestAllowance': allowance({ used: 4, blocked: 'limit', message: MSG.requestLimitReached }),
    });
    const user = userEvent.setup();
    renderApp('/new-card');
    expect(await screen.findByTestId('create-blocked')).toBeTruthy();
    // The board's badge words the same figure the same way (issue 18).
    expect(screen.getByTestId('request-usage').textContent).toBe('Requests: 4 / 4 this billing period');
    await fillDetails(user);

    expect(create().disabled).toBe(true);
    await user.hover(screen.getByTestId('request-create-blocked'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(MSG.requestLimitReached);
  });

  it('explains a customer without a QA in the same way', async () => {
    serverFor({ 'GET /api/requestAllowance': allowance({ blocked: 'no_qa', message: MSG.noQaAssigned }) });
    const user = userEvent.setup();
    renderApp('/new-card');
    await fillDetails(user);
    expect(create().disabled).toBe(true);
    expect(screen.getByTestId('request-create-blocked').getAttribute('aria-label')).toContain(MSG.noQaAssigned);
  });

  it('offers the YouTube helper and subtitles only to users whose plan has them', async () => {
    fakeServer({
      'GET /api/me': { body: { ...customer, has_youtube_helper: false, has_subtitles: false } },
      'GET /api/requestAllowance': allowance(),
    });
    const user = userEvent.setup();
    renderApp('/new-card');
    await fillDetails(user);
    expect(screen.queryByRole('checkbox', { name: /^YouTube helper/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Subtitles/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /^Repurpose/ })).toBeTruthy();
  });

  it('asks for microphone access when the browser refuses it, and says when recording is unavailable', async () => {
    serverFor();
    const user = userEvent.setup();
    renderApp('/new-card');
    await fillDetails(user);

    // happy-dom has no MediaRecorder: the browser can't record at all.
    await user.click(screen.getByRole('button', { name: 'Record voice note' }));
    expect((await screen.findByTestId('voice-note-error')).textContent).toBe(MSG.voiceRecordingDisabled);

    vi.stubGlobal('MediaRecorder', class {});
    const refuse = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: refuse }, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Record voice note' }));
      await waitFor(() => expect(screen.getByTestId('voice-note-error').textContent).toBe(MSG.microphoneBlocked));

      refuse.mockRejectedValue(new DOMException('Device busy', 'NotReadableError'));
      await user.click(screen.getByRole('button', { name: 'Record voice note' }));
      await waitFor(() => expect(screen.getByTestId('voice-note-error').textContent).toBe(MSG.recordingFailed));
      expect(create().disabled).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('grows and shrinks the thumbnail reference list', async () => {
    serverFor();
    const user = userEvent.setup();
    renderApp('/new-card');
    await fillDetails(user);
    await user.click(screen.getByRole('checkbox', { name: /^YouTube helper/ }));
    await user.type(screen.getByRole('textbox', { name: 'Thumbnail reference 1' }), 'https://a.example/1');
    await user.click(screen.getByRole('button', { name: 'Add thumbnail reference' }));
    expect(screen.getByRole('textbox', { name: 'Thumbnail reference 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove thumbnail reference 1' }));
    expect(screen.queryByRole('textbox', { name: 'Thumbnail reference 2' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Thumbnail reference 1' }).value).toBe('');
  });
});

describe('admin on the new request page', SLOW, () => {
  it('must choose the customer before Next, and sends client_id', async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': {
        body: {
          customers: [
            makeUser({
              client_id: 7,
              client_type: 'customer',
              fullname: 'Cleo Creator',
              useremail: 'cleo@example.com',
              qas: [{ client_id: 3, fullname: 'Quinn' }],
            }),
          ],
          count: 1,
        },
      },
      'POST /api/card': { status: 201, body: { message: MSG.newRequestCreated, card_id: 42 } },
    });
    const user = userEvent.setup();
    renderApp('/new-card');
    await user.type(await screen.findByLabelText(/^Card title/), 'For Cleo');
    await user.type(footage(), 'https://www.dropbox.com/sh/raw');
    await user.click(within(format()).getByRole('radio', { name: /Square/ }));
    await choosePurpose(user, 'Podcast');
    expect(next().disabled).toBe(true);

    await user.click(screen.getByTestId('request-for'));
    await user.click(await screen.findByRole('option', { name: /Cleo Creator/ }));
    expect(next().disabled).toBe(false);
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/card')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/card')[0]?.body).toMatchObject({ client_id: 7, card_title: 'For Cleo' });
  });
});
