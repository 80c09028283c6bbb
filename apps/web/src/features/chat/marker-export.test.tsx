import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { MarkerExport } from './marker-export';
import { NO_REVIEW, ReviewControlsContext, type ReviewControls } from '../../lib/review-context';

const reviewDefaults: ReviewControls = { ...NO_REVIEW, hasPlayer: true, videoNumber: 1, version: 'version-0' };

const searchOf = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

describe('export notes as markers', () => {
  it('downloads the chosen format, frame rate and start of this chat, saying how to import it', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <MarkerExport cardId={42} chat="team" />
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Export notes as markers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export notes as markers' });
    const download = () => within(dialog).getByRole('link', { name: /Download/ });
    expect(download().getAttribute('href')).toMatch(/^\/api\/card\/42\/markers\?/);
    expect(searchOf(download().getAttribute('href')!)).toEqual({
      format: 'edl',
      fps: '30',
      chat: 'team',
      start: '01:00:00:00',
      include_done: 'true',
    });
    expect(within(dialog).getByText(/Timeline Markers from EDL/)).toBeTruthy();

    await user.click(within(dialog).getByRole('combobox', { name: 'Editing software' }));
    await user.click(await screen.findByRole('option', { name: 'FCPXML 1.10 (Final Cut Pro)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Frame rate' }));
    await user.click(await screen.findByRole('option', { name: '29.97 fps' }));
    await user.click(within(dialog).getByText('00:00:00:00'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Include notes already marked done' }));
    expect(searchOf(download().getAttribute('href')!)).toEqual({
      format: 'fcpxml',
      fps: '29.97',
      chat: 'team',
      start: '00:00:00:00',
      include_done: 'false',
    });
    expect(within(dialog).getByText(/File ▸ Import ▸ XML/)).toBeTruthy();
    expect(download().hasAttribute('download')).toBe(true);
  });

  it("starts at the video's own frame rate when the media pipeline measured it", async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <ReviewControlsContext.Provider value={{ ...reviewDefaults, frameRate: '24000/1001' }}>
          <MarkerExport cardId={42} chat="customer" />
        </ReviewControlsContext.Provider>
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Export notes as markers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export notes as markers' });
    const href = within(dialog)
      .getByRole('link', { name: /Download/ })
      .getAttribute('href')!;
    expect(searchOf(href)).toMatchObject({ fps: '23.976' });
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Frame rate' }).value).toBe(
      "23.976 fps (the video's)",
    );
  });

  it('exports the notes of the version on screen on a card with several, or of every version when asked (issue 54)', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <ReviewControlsContext.Provider
          value={{ ...reviewDefaults, version: 'version-1', versions: ['version-0', 'version-1'] }}
        >
          <MarkerExport cardId={42} chat="customer" />
        </ReviewControlsContext.Provider>
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Export notes as markers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export notes as markers' });
    const href = () =>
      within(dialog)
        .getByRole('link', { name: /Download/ })
        .getAttribute('href')!;
    expect(searchOf(href())).toMatchObject({ video_version: '1' });
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Notes made on' }).value).toBe(
      'versions 2 (on screen)',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Notes made on' }));
    await user.click(await screen.findByRole('option', { name: 'versions 1' }));
    expect(searchOf(href())).toMatchObject({ video_version: '0' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Notes made on' }));
    await user.click(await screen.findByRole('option', { name: 'Every version' }));
    expect(searchOf(href())).not.toHaveProperty('video_version');
  });
});
