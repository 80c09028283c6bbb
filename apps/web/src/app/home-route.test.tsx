import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnnouncementView } from '@cutroom/domain';
import { boardServer } from '../features/board/board-test-kit';
import { renderApp } from '../test/render-app';

const announcement: AnnouncementView = {
  id: 3,
  enable_banner: 1,
  banner_heading: 'Office closed <b>Friday</b>',
  banner_heading_style: 'h3',
  banner_text: '<p>Requests made on Friday start on Monday.</p>',
  banner_text_style: '16px',
  banner_heading_color: '#ffffff',
  banner_font_style: 'none',
  banner_image: null,
  banner_image_style_height: null,
  banner_image_style_width: null,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

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
