import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@cutroom/domain';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { ME_KEY } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { EnableRepurposeModal, EnableYtHelperModal } from '.';

const customer = makeUser({ client_id: 7, client_type: 'customer', has_youtube_helper: true });

function renderWithSession(ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_KEY, customer);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
  return { invalidate };
}

const size = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

describe('enable repurpose modal', { timeout: 30_000 }, () => {
  it('takes 1 or 2 sizes, disabling the rest at two, and the custom size with Other', async () => {
    fakeServer({ 'GET /api/me': { body: customer } });
    const user = userEvent.setup();
    renderWithSession(<EnableRepurposeModal cardId={5} opened onClose={() => {}} />);

    await screen.findByText('Repurpose sizes');
    expect(submit().disabled).toBe(true);
    await user.click(size('Vertical (9:16)'));
    expect(submit().disabled).toBe(false);

    await user.click(size('Other'));
    expect(size('Square (1:1)').disabled).toBe(true);
    expect(size('In Feed Vertical (4:5)').disabled).toBe(true);
    expect(size('Vertical (9:16)').disabled).toBe(false);
    // Other needs its text before Submit.
    const custom = screen.getByLabelText<HTMLInputElement>(/^Custom size/);
    expect(submit().disabled).toBe(true);
    await user.type(custom, '2:3');
    expect(submit().disabled).toBe(false);

    await user.click(size('Other'));
    expect(screen.queryByLabelText(/^Custom size/)).toBeNull();
    expect(size('Square (1:1)').disabled).toBe(false);
  });

  it('posts the sizes and notes, says so, refreshes and closes', async () => {
    const server = fakeServer({
      'GET /api/me': { body: customer },
      'POST /api/card/5/enableCardRepurpose': { body: { message: MSG.repurposeEnabled, card_id: 5 } },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { invalidate } = renderWithSession(<EnableRepurposeModal cardId={5} opened onClose={onClose} />);

    await screen.findByText('Repurpose sizes');
    await user.click(size('Square (1:1)'));
    await user.click(size('Other'));
    await user.type(screen.getByLabelText(/^Custom size/), '2:3');
    await user.type(screen.getByLabelText(/^Headline/), 'New drop');
    await user.type(screen.getByLabelText(/^Call to action/), 'Subscribe');
    await user.click(submit());

    expect(await screen.findByText(MSG.repurposeEnabled)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(invalidate).toHaveBeenCalled();
    expect(server.callsTo('POST', '/api/card/5/enableCardRepurpose')[0]?.body).toEqual({
      repurpose_aspect: ['1:1', 'other'],
      custom_repurpose_size: '2:3',
      repurpose_headline: 'New drop',
      call_to_action: 'Subscribe',
      repurpose_additional_info: '',
    });
  });

  it("shows the server's field error by its input and stays open", async () => {
    fakeServer({
      'GET /api/me': { body: customer },
      'POST /api/card/5/enableCardRepurpose': {
        status: 400,
        body: { error_message: 'Describe the custom size', code: 'VALIDATION', field: 'custom_repurpose_size' },
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<EnableRepurposeModal cardId={5} opened onClose={onClose} />);
    await screen.findByText('Repurpose sizes');
    await user.click(size('Other'));
    await user.type(screen.getByLabelText(/^Custom size/), ' x ');
    await user.click(submit());

    expect(await screen.findByText('Describe the custom size')).toBeTruthy();
    expect(screen.getByLabelText(/^Custom size/).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('enable YouTube helper modal', { timeout: 30_000 }, () => {
  it('explains the helper, and Confirm posts, says so and closes', async () => {
    const server = fakeServer({
      'GET /api/me': { body: customer },
      'POST /api/card/5/enableCardYtHelper': { body: { message: MSG.ytHelperEnabled, card_id: 5 } },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<EnableYtHelperModal cardId={5} opened onClose={onClose} />);

    const explained = await screen.findByTestId('yt-helper-explained');
    expect(explained.textContent).toMatch(/thumbnail/i);
    expect(explained.textContent).toMatch(/title and description/i);
    expect(explained.textContent).toMatch(/upload/i);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(MSG.ytHelperEnabled)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.callsTo('POST', '/api/card/5/enableCardYtHelper')).toHaveLength(1);
  });

  it("says the server's reason when it refuses", async () => {
    fakeServer({
      'GET /api/me': { body: customer },
      'POST /api/card/5/enableCardYtHelper': {
        status: 400,
        body: { error_message: 'The YouTube helper is already enabled on this card', code: 'VALIDATION' },
      },
    });
    const user = userEvent.setup();
    renderWithSession(<EnableYtHelperModal cardId={5} opened onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The YouTube helper is already enabled on this card')).toBeTruthy();
  });
});
