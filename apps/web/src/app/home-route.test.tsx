import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { boardServer } from '../features/board/board-test-kit';
import { makeAnnouncement } from '../test/fixtures';
import { renderApp } from '../test/render-app';

const announcement = makeAnnouncement({ banner_heading_style: 'h3', banner_text_style: '16px' });

describe('home page announcement', { timeout: 15_000 }, () => {
  it("shows today's announcement above the board until the user dismisses it", async () => {
    window.sessionStorage.clear();
    boardServer('customer', [], { 'GET /api/portal/announcement/active': { body: { announcement } } });
    const user = userEvent.setup();
    renderApp('/');

    const heading = await screen.findByRole('heading', { level: 3, name: 'Office closed Friday' });
    expect(heading.querySelector('b')?.textContent).toBe('Friday');
    expect(screen.getByText('Requests made on Friday start on Monday.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByTestId('announcement-banner')).toBeNull();
  });

  it('shows no banner when there is no active announcement', async () => {
    boardServer('admin', [], { 'GET /api/portal/announcement/active': { body: { announcement: null } } });
    renderApp('/');
    await screen.findByTestId('column-editing');
    expect(screen.queryByTestId('announcement-banner')).toBeNull();
  });
});
