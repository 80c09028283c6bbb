import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEDIA_FAILURE, MSG } from '@cutroom/domain';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { makeMedia, makeVideo } from '../../test/fixtures';
import { MediaStatus } from './media-status';
import { canPlayOriginal, qualityOptions, videoSource } from './preview-source';

const ORIGIN = 'https://portal.example.com';
const media = makeMedia;
const wrap = (ui: React.ReactNode) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {ui}
    </AppProviders>,
  );

describe('the player source of a processed video', () => {
  const prores = makeVideo(0, { video_url: `${ORIGIN}/files/media/3/1-abc-cut.mov` });
  it('plays the largest proxy on a wide screen and the smallest on a phone once ready', () => {
    const video = { ...prores, media: media({}) };
    expect(videoSource(video, ORIGIN, 1440)).toEqual({
      kind: 'video',
      src: '/api/media/assets/7/proxy-1080.mp4',
      own: true,
    });
    expect(videoSource(video, ORIGIN, 390)).toMatchObject({ src: '/api/media/assets/7/proxy-540.mp4' });
  });
  it('plays the original while the pipeline works or after it failed', () => {
    for (const status of ['queued', 'processing', 'failed'] as const) {
      const video = { ...prores, media: media({ status, proxies: [] }) };
      expect(videoSource(video, ORIGIN, 1440)).toEqual({
        kind: 'video',
        src: '/files/media/3/1-abc-cut.mov',
        own: true,
      });
    }
  });
});

describe('the quality menu', () => {
  const says = (answers: Record<string, string>) => (mime: string) => answers[mime] ?? '';
  it('offers Auto and each proxy, and the original only where this browser decodes its codec', () => {
    const prores = media({});
    expect(canPlayOriginal(prores, () => 'probably')).toBe(false);
    expect(qualityOptions(prores, false)).toEqual([
      { value: 'auto', label: 'Auto' },
      { value: 1080, label: '1080p' },
      { value: 540, label: '540p' },
    ]);
    const h264 = media({ video_codec: 'h264' });
    expect(canPlayOriginal(h264, says({ 'video/mp4; codecs="avc1.640028"': 'probably' }))).toBe(true);
    const hevc = media({ video_codec: 'hevc' });
    expect(canPlayOriginal(hevc, says({}))).toBe(false);
    expect(qualityOptions(h264, true).at(-1)).toEqual({ value: 'original', label: 'Original' });
  });
  it('has nothing to offer before the proxies exist', () => {
    expect(qualityOptions(media({ status: 'processing', proxies: [] }), true)).toEqual([]);
    expect(qualityOptions(null, true)).toEqual([]);
  });
  it('plays the chosen proxy or the original', () => {
    const video = { ...makeVideo(0, { video_url: `${ORIGIN}/files/media/3/1-abc-cut.mp4` }), media: media({}) };
    expect(videoSource(video, ORIGIN, 1440, 540)).toMatchObject({ src: '/api/media/assets/7/proxy-540.mp4' });
    expect(videoSource(video, ORIGIN, 1440, 'original')).toMatchObject({ src: '/files/media/3/1-abc-cut.mp4' });
    // A height the ladder no longer has falls back to Auto.
    expect(videoSource(video, ORIGIN, 1440, 720)).toMatchObject({ src: '/api/media/assets/7/proxy-1080.mp4' });
  });
});

describe('the media status line', () => {
  it('shows the progress while processing', () => {
    wrap(<MediaStatus media={media({ status: 'processing', progress: 42, proxies: [] })} />);
    expect(screen.getByRole('status').textContent).toContain('Processing 42 %');
    expect(screen.getByRole('progressbar', { name: 'Processing 42 %' }).getAttribute('aria-valuenow')).toBe('42');
  });
  it('says a queued video waits, a failed one why, and nothing once ready', () => {
    const { unmount } = wrap(<MediaStatus media={media({ status: 'queued', progress: 0 })} />);
    expect(screen.getByRole('status').textContent).toContain(MSG.mediaQueued);
    unmount();
    wrap(<MediaStatus media={media({ status: 'failed', error: MEDIA_FAILURE.notVideo })} />);
    expect(screen.getByRole('status').textContent).toContain(MEDIA_FAILURE.notVideo);
  });
  it('renders nothing for a ready video', () => {
    const { container } = render(<MediaStatus media={media({})} />);
    expect(container.innerHTML).toBe('');
  });
});
