import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import type { UserView } from '@cutroom/domain/schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { ME_KEY } from '../../lib/session';
import { makeCardDetail, makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { EditCardModal } from './edit-card-modal';
import { NewRequestModal } from './new-request-modal';

const customer = makeUser({ client_id: 7, client_type: 'customer', has_youtube_helper: true, has_subtitles: true });

/** A fresh request as GET /api/card/{id} returns it, with the extras the edit form shows. */
const makeCard = () =>
  makeCardDetail({
    card_id: 5,
    card_title: 'Morning routine vlog',
    card_status: 'video_request',
    has_youtube_helper: true,
    has_repurpose: true,
    due_date: null,
    creation_time: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    client_id: 7,
    assigned_to: null,
    assigned_to_name: null,
    assigned_qa_id: 3,
    timeline: null,
    dropbox_link: 'https://www.dropbox.com/sh/raw',
    additional_info: '<p>Keep the pacing tight.</p>',
    video_thumb_ref: ['https://img.example/1'],
    repurpose_aspect: ['9:16', 'other:2:3'],
    done_video_link: null,
    content_id: [],
    video_versions: {},
    done_videos: [],
    done_video_count: 0,
  });

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
    // The editor loads on demand, after the rest of the form.
    expect(await screen.findByText('Keep the pacing tight.', {}, { timeout: 5_000 })).toBeTruthy();
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
      // Stored under the older key of a merged option, saved under the one that stands for it (issue 18).
      video_purpose: 'social_media',
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
      'GET /api/requestAllowance': { body: { used: 0, limit: 4, blocked: null, message: null } },
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
