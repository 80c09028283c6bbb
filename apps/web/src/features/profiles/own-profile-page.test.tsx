import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_DETAIL_KEYS, MSG } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const noDetails = Object.fromEntries(CUSTOMER_DETAIL_KEYS.map((k) => [k, null])) as NonNullable<UserView['details']>;

/** A customer as GET /api/getWebsiteUser answers: the session's user plus their details. */
function customer(overrides: Partial<UserView> = {}, details: Partial<NonNullable<UserView['details']>> = {}) {
  return makeUser({
    client_type: 'customer',
    firstname: 'Cleo',
    lastname: 'Creator',
    fullname: 'Cleo Creator',
    dropbox_email: 'cleo@drive.example.com',
    mailPreferences: { card_movement: 1, card_comment: 1, card_comment_tag: 1 },
    show_portal_video: true,
    ...overrides,
    details: { ...noDetails, ...details },
  });
}

function serve(user: UserView, onSave?: (body: unknown) => void) {
  const { details: _details, ...sessionUser } = user;
  return fakeServer({
    'GET /api/me': { body: sessionUser },
    'GET /api/getWebsiteUser': { body: { data: user } },
    'POST /api/user/profile': (body) => {
      onSave?.(body);
      return { body: { message: MSG.profileUpdated, user } };
    },
  });
}

const confirmSave = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByTestId('profile-update'));
  await user.click(await screen.findByRole('button', { name: 'Yes, update' }));
};

// Typing whole forms is slow on a busy 2-core machine.
describe('own profile: Basic Info', { timeout: 60_000 }, () => {
  it("a helper customer's empty brief shows each required message and sends nothing", async () => {
    const server = serve(customer({ has_youtube_helper: true, is_yt_fields_filled: false }));
    const user = userEvent.setup();
    renderApp('/profile');
    const brief = await screen.findByRole('region', { name: 'YouTube helper details' });
    await user.type(within(brief).getByLabelText(/Thumbnail Font/), 'Impact');

    await user.click(screen.getByTestId('profile-update'));
    for (const label of ['Channel Name', 'Thumbnail Color', 'Description Link', 'Photo Preference'])
      expect(await within(brief).findByText(`${label} is required`)).toBeTruthy();
    expect(within(brief).queryByText('Thumbnail Font is required')).toBeNull();
    expect(await screen.findByText(MSG.requiredField)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/profile')).toHaveLength(0);
  });

  it('sends only the changed fields (links joined, mail choices as 0/1) after the confirmation, then goes home', async () => {
    let sent: unknown;
    serve(customer({}, { video_type: 'Cooking' }), (body) => (sent = body));
    const user = userEvent.setup();
    const app = renderApp('/profile');

    const videos = await screen.findByRole('region', { name: 'About your videos' });
    await user.clear(within(videos).getByLabelText('What kind of videos do you make?'));
    const brief = screen.getByRole('region', { name: 'YouTube helper details' });
    await user.type(within(brief).getByLabelText('Channel Name'), 'Cleo Cooks');
    await user.type(within(brief).getByLabelText('Description Link 1'), 'https://docs.example.com/a');
    await user.click(within(brief).getAllByRole('button', { name: 'Add another link' })[0]!);
    await user.type(within(brief).getByLabelText('Description Link 2'), 'https://docs.example.com/b');
    await user.click(screen.getByRole('switch', { name: /Card comments/ }));

    await confirmSave(user);
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(sent).toEqual({
      video_type: '',
      channel_name: 'Cleo Cooks',
      description_link: 'https://docs.example.com/a|https://docs.example.com/b',
      mailPreferences: { card_comment: 0 },
    });
  });

  it('offers the fixed-choice details and the referral as selects, keeps an older value, and asks for the source', async () => {
    let sent: unknown;
    serve(customer({ referral: 'Google' }, { photo_preference: 'Close-up, surprised' }), (body) => (sent = body));
    const user = userEvent.setup();
    renderApp('/profile');
    const pick = async (label: string | RegExp, option: string) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };

    const videos = await screen.findByRole('region', { name: 'About your videos' });
    expect(within(videos).getByRole<HTMLInputElement>('combobox', { name: 'Preferred editing software' }).value).toBe(
      '',
    );
    // A free-text value saved before the choices were fixed still shows.
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Photo Preference/ }).value).toBe(
      'Close-up, surprised',
    );
    await pick('Preferred editing software', 'FCPX');
    await pick('Thumbnail text preference', 'Without any text');
    await pick('Publish the video as public?', 'No');
    await pick('How did you find us?', 'Other');

    await user.click(screen.getByTestId('profile-update'));
    expect(await screen.findByText(MSG.mentionSource, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: MSG.mentionSource }), 'A podcast');
    await confirmSave(user);
    await waitFor(() =>
      expect(sent).toEqual({
        referral: 'Other',
        otherreferral: 'A podcast',
        preferred_editing_software: 'FCPX',
        text_preference: 'without_any_text',
        public_video: 'no',
      }),
    );
  });

  it("refuses an invalid assistant email with the spec's message", async () => {
    const server = serve(customer());
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText('Assistant emails'), 'helper@example.com, not-an-email');
    await user.click(screen.getByTestId('profile-update'));
    expect(await screen.findByText(MSG.invalidAssistantEmail)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/profile')).toHaveLength(0);
  });

  it('staff see email preferences but no customer sections, intro or Skip', async () => {
    serve(makeUser({ client_type: 'qa', mailPreferences: { card_movement: 1, card_comment: 0, card_comment_tag: 1 } }));
    renderApp('/profile');
    expect((await screen.findByRole<HTMLInputElement>('switch', { name: /Card comments/ })).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Card movement/ }).checked).toBe(true);
    expect(screen.queryByRole('region', { name: 'About your videos' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'How to use portal' })).toBeNull();
    expect(screen.queryByTestId('skip-profile')).toBeNull();
  });
});

describe('own profile: email preferences', () => {
  it('turns the daily digest on alone', async () => {
    let sent: unknown;
    serve(makeUser({ client_type: 'editor' }), (body) => (sent = body));
    const user = userEvent.setup();
    renderApp('/profile#email-preferences');
    await user.click(await screen.findByRole('switch', { name: /Daily digest/ }));
    await confirmSave(user);
    await waitFor(() => expect(sent).toEqual({ mailPreferences: { daily_digest: 1 } }));
    expect(document.getElementById('email-preferences')).toBeTruthy();
  });
});

describe('own profile: tabs', () => {
  // Billing and YT Analytics Data had no icon beside the two tabs that had one (issue 33).
  it("gives each of a customer's four tabs its icon", async () => {
    serve(customer());
    renderApp('/profile');
    await screen.findByRole('region', { name: 'How to use portal' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Basic Info', 'Billing', 'Change Password', 'YT Analytics Data']);
    for (const tab of tabs) expect(tab.querySelector('svg'), tab.textContent ?? '').not.toBeNull();
  });
});

describe('own profile: intro, skip and avatar', () => {
  it("a registering customer sees 'How to use portal' without Hide, and no Skip", async () => {
    serve(customer({ is_profile_completed: false, dropbox_email: null }));
    renderApp('/profile');
    const intro = await screen.findByRole('region', { name: 'How to use portal' });
    expect(within(intro).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Complete your registration' })).toBeTruthy();
    expect(screen.queryByTestId('skip-profile')).toBeNull();
  });

  it('a registered customer can hide the intro', async () => {
    let sent: unknown;
    serve(customer(), (body) => (sent = body));
    const user = userEvent.setup();
    renderApp('/profile');
    const intro = await screen.findByRole('region', { name: 'How to use portal' });
    await user.click(within(intro).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(sent).toEqual({ show_portal_video: false }));
  });

  it('uploads a picked image as the avatar, then saves it as profile_img', async () => {
    const user = userEvent.setup();
    const me = customer();
    const server = fakeServer({
      'GET /api/me': { body: me },
      'GET /api/getWebsiteUser': { body: { data: me } },
      'POST /api/media': {
        status: 201,
        body: {
          url: '/files/media/1/a-b-me.png',
          key: 'media/1/a-b-me.png',
          name: 'me.png',
          bytes: 3,
          content_type: 'image/png',
        },
      },
      'POST /api/user/profile': {
        body: { message: MSG.avatarUpdated, user: { ...me, profile_img: '/files/media/1/a-b-me.png' } },
      },
    });
    renderApp('/profile');
    await screen.findByTestId('avatar-upload');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([137, 80, 78])], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText(MSG.avatarUpdated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/user/profile')[0]!.body).toEqual({ profile_img: '/files/media/1/a-b-me.png' });
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });
});

describe('own profile: Billing', () => {
  it('shows the plan, the current period and the requests used of the allowance', async () => {
    const me = customer({
      subscription_type: 'custom',
      custom_subscription: 6,
      billing_date: '2026-10-01T00:00:00.000Z',
      billing_data: { start_date: '2026-10-31T12:00:00.000Z', end_date: '2026-11-30T12:00:00.000Z' },
    });
    fakeServer({
      'GET /api/me': { body: me },
      'GET /api/getWebsiteUser': { body: { data: me } },
      'GET /api/requestAllowance': { body: { used: 2, limit: 6, blocked: null, message: null } },
    });
    renderApp('/profile?tab=billing');
    expect((await screen.findByTestId('billing-plan')).textContent).toBe('CUSTOM (6)');
    await waitFor(() => expect(screen.getByTestId('billing-used').textContent).toBe('2 of 6'));
    expect(screen.getByText('Oct 31, 2026 – Nov 30, 2026')).toBeTruthy();
  });
});
