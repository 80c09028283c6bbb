import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { makeCardDetail, viewerFor } from '../../../test/card-test-kit';
import { LinkRows } from './link-rows';

describe('link rows', () => {
  // The done dialog asks for a 'Content ID for Music Licensing', Links showed a 'Sync ID': one value, two names.
  it('names the Sync ID row and its edit dialog with both names of the value (issue 33)', async () => {
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <LinkRows card={makeCardDetail({ content_id: ['ABC-1'] })} viewer={viewerFor('admin')} onView={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByText(MSG.syncIdName)).toBeTruthy();
    expect(MSG.syncIdName).toMatch(/Sync ID.*Content ID/);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Sync IDs' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.syncIdName });
    expect(within(dialog).getByLabelText(MSG.syncIdLabel)).toBeTruthy();
  });
});
