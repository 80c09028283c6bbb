import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG, type CardDetailReply, type UserView } from '@cutroom/domain';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { ME_KEY } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { EditCardModal } from './edit-card-modal';
import { NewRequestModal } from './new-request-modal';

const customer = makeUser({ client_id: 7, client_type: 'customer', has_youtube_helper: true, has_subtitles: true });

/** A card as GET /api/card/{id} returns it. */
function makeCard(overrides: Partial<CardDetailReply> = {}): CardDetailReply {
  return {
    card_id: 5,
    card_title: 'Morning routine vlog',
    card_status: 'video_request',
    repurpose_status: null,
    yt_card_status: null,
    is_complete: false,
    is_repurpose_complete: false,
    yt_is_complete: false,
    paused: false,
    sort: 0,
    has_youtube_helper: true,
    has_repurpose: true,
    revision_nr: 0,
    due_date: null,
    creation_time: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    client_id: 7,
    client_name: 'Cleo Creator',
    firstname: 'Cleo',
    lastname: 'Creator',
    assigned_to: null,
    assigned_to_name: null,
    assigned_qa_id: 3,
    qa_firstname: 'Quinn',
    qa_lastname: 'Checker',
    done_video_limit: 1,
    timeline: null,
    doneCardRating: null,
    repurposeCardRating: null,
    ytHelper_card_status: null,
    dropbox_link: 'https://www.dropbox.com/sh/raw',
    youtube_aspect_ratio: '16:9',
    custom_aspect_ratio: null,
    video_purpose: 'youtube_content',
    other_video_purpose: null,
    additional_info: '<p>Keep the pacing tight.</p>',
    special_instructions: null,
    voice_note: null,
    video_thumb_desc: null,
    video_thumb_ref: ['https://img.example/1'],
    video_optimization_desc: null,
    affiliate_links: [],
    subtitles: false,
    has_end_card: false,
    call_to_action: null,
    repurpose_aspect: ['9:16', 'other:2:3'],
    repurpose_headline: null,
    repurpose_additional_info: null,
    done_video_link: null,
    content_id: [],
    no_content_id: false,
    unlisted_video_link: null,
    thumbnails_link: null,
    yt_snippet_link: null,
    srt_file: null,
    repurpose_done_link: null,
    yt_card_description: null,
    video_versions: {},
    repurpose_video_versions: {},
    done_videos: [],
    done_video_count: 0,
    repurpose_done_videos: [],
    repurpose_video_count: 0,
    yt_due_date: null,
    yt_timeline: null,
    repurpose_revision_nr: 0,
    yt_card_revision: 0,
    yt_assigned_time: null,
    yt_helper_id: null,
    yt_firstname: null,
    yt_lastname: null,
    assigned_at: null,
    done_at: null,
    archived_at: null,
    client_firstname: 'Cleo',
    client_lastname: 'Creator',
    is_active_subscription: true,
    ...overrides,
  };
}

/** The modals live on authenticated pages, where the session is already loaded. */
function renderWithSession(ui: ReactNode, user: UserView = customer) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_KEY, user);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
  return { queryClient, invalidate };
}

const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
const title = () => screen.getByLabelText<HTMLInputElement>(/^Card title/);
const footage = () => screen.getByLabelText<HTMLInputElement>(/^Link to the raw footage/);

describe('edit card modal', { timeout: 30_000 }, () => {
  it('loads the card into the form, with links, sizes and the custom size', async () => {
    fakeServer({ 'GET /api/me': { body: customer }, 'GET /api/card/5': { body: makeCard() } });
    renderWithSession(<EditCardModal cardId={5} opened onClose={() => {}} />);

    expect((await screen.findByLabelText<HTMLInputElement>(/^Card title/)).value).toBe('Morning routine vlog');
    expect(footage().value).toBe('https://www.dropbox.com/sh/raw');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Wide/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Thumbnail reference 1' }).value).toBe(
      'https://img.example/1',
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Vertical (9:16)' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>(/^Custom size/).value).toBe('2:3');
    expect(screen.getByText('Keep the pacing tight.')).toBeTruthy();
  });

  it('enables Save only while title, footage link, format and content type are filled', async () => {
    fakeServer({ 'GET /api/me': { body: customer }, 'GET /api/card/5': { body: makeCard() } });
    const user = userEvent.setup();
    renderWithSession(<EditCardModal cardId={5} opened onClose={() => {}} />);
    await screen.findByLabelText(/^Card title/);
    expect(save().disabled).toBe(false);

    await user.clear(title());
    expect(save().disabled).toBe(true);
    await user.type(title(), 'Morning routine vlog A');
    expect(save().disabled).toBe(false);

    await user.clear(footage());
    expect(save().disabled).toBe(true);
    await user.type(footage(), 'https://drive.google.com/x');
    expect(save().disabled).toBe(false);
  });

  it('saves the whole form with PUT, says so, refreshes what shows cards and closes', async () => {
    const server = fakeServer({
      'GET /api/me': { body: customer },
      'GET /api/card/5': { body: makeCard() },
      'PUT /api/card/5': { body: { message: MSG.cardDetailsUpdated, card_id: 5 } },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { invalidate } = renderWithSession(<EditCardModal cardId={5} opened onClose={onClose} />);
    await user.type(await screen.findByLabelText(/^Card title/), ' A');
    await user.click(save());

    expect(await screen.findByText(MSG.cardDetailsUpdated)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(invalidate).toHaveBeenCalled();
    expect(server.callsTo('PUT', '/api/card/5')[0]?.body).toMatchObject({
      card_title: 'Morning routine vlog A',
      dropbox_link: 'https://www.dropbox.com/sh/raw',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'youtube_content',
      additional_info: '<p>Keep the pacing tight.</p>',
      hasYTHelper: true,
      video_thumb_ref: ['https://img.example/1'],
      affiliate_links: [],
      hasRepurpose: true,
      repurpose_aspect: ['9:16', 'other'],
      custom_repurpose_size: '2:3',
    });
  });

  it("says the server's reason when the card can't be loaded, with a retry", async () => {
    fakeServer({ 'GET /api/me': { body: customer } });
    renderWithSession(<EditCardModal cardId={9} opened onClose={() => {}} />);
    expect(await screen.findByText(MSG.notFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('new request modal', { timeout: 30_000 }, () => {
  it('asks before throwing away typed input, and closes at once when there is none', async () => {
    fakeServer({
      'GET /api/me': { body: customer },
      'POST /api/getCards': { body: { allowance: { used: 0, limit: 4, blocked: null, message: null } } },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<NewRequestModal opened onClose={onClose} />);
    await user.type(await screen.findByLabelText(/^Card title/), 'Half done');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(MSG.discardRequest)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(title().value).toBe('Half done');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("holds Create for an admin's customer without a QA, with the spec's tooltip text", async () => {
    fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/customers': {
        body: {
          customers: [makeUser({ client_id: 8, client_type: 'customer', fullname: 'Nia New', qas: [] })],
          count: 1,
        },
      },
    });
    const user = userEvent.setup();
    renderWithSession(<NewRequestModal opened onClose={() => {}} />, makeUser());
    await user.click(await screen.findByTestId('request-for'));
    await user.click(await screen.findByRole('option', { name: /Nia New/ }));
    expect((await screen.findByTestId('create-blocked')).textContent).toContain(MSG.noQaAssigned);
  });
});
