import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { writeLocal } from '../../lib/storage';
import { NO_REVIEW, ReviewControlsContext } from '../../lib/review-context';
import { ReviewReportMenu } from './review-report-menu';

const searchOf = (href: string | null) => Object.fromEntries(new URL(href ?? '', 'http://x').searchParams);

function renderMenu(version: string | null) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <ReviewControlsContext.Provider value={{ ...NO_REVIEW, hasPlayer: true, videoNumber: 1, version }}>
        <ReviewReportMenu cardId={42} chat="team" />
      </ReviewControlsContext.Provider>
    </AppProviders>,
  );
}

afterEach(() => localStorage.clear());

describe('the review report menu', () => {
  it('downloads the report of the version on screen or of every version, times as timecode', async () => {
    const user = userEvent.setup();
    renderMenu('version-1');
    await user.click(screen.getByRole('button', { name: 'Download a PDF review report' }));
    const thisVersion = await screen.findByRole('menuitem', { name: 'Notes on versions 2' });
    expect(thisVersion.getAttribute('href')).toMatch(/^\/api\/card\/42\/report\.pdf\?/);
    expect(searchOf(thisVersion.getAttribute('href'))).toEqual({ chat: 'team', timecode: 'smpte', version: '2' });
    expect(thisVersion.hasAttribute('download')).toBe(true);
    const every = screen.getByRole('menuitem', { name: 'Notes on every version' });
    expect(searchOf(every.getAttribute('href'))).toEqual({ chat: 'team', timecode: 'smpte' });
  });

  it('reads times as the reviewer chose in the player, and offers every version only before a delivery', async () => {
    const user = userEvent.setup();
    writeLocal('timecodeMode', 'frames');
    renderMenu(null);
    await user.click(screen.getByRole('button', { name: 'Download a PDF review report' }));
    const every = await screen.findByRole('menuitem', { name: 'Notes on every version' });
    expect(screen.queryByRole('menuitem', { name: /Notes on versions/ })).toBeNull();
    expect(searchOf(every.getAttribute('href'))).toMatchObject({ timecode: 'frames' });
  });
});
