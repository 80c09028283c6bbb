import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELIVERY_TEXT, MEDIA_FAILURE, MSG, fill } from '@cutroom/domain';
import type { MediaView } from '@cutroom/domain/schemas';
import { AppProviders } from '../../app/providers';
import { makeMedia, makeVideo } from '../../test/fixtures';
import { MediaStatus, unplayableText } from './media-status';
import { qualityOptions, videoSource } from './preview-source';
import { VideoPlayer } from './video-player';

const ORIGIN = 'https://portal.example.com';
const wrap = (ui: React.ReactNode) => render(<AppProviders env="test">{ui}</AppProviders>);

function renderPlayer(media: MediaView | null, src = 'https://www.dropbox.com/s/cut.mov?raw=1') {
  wrap(
    <VideoPlayer
      media={media}
      src={src}
      markers={[]}
      annotations={[]}
      pending={null}
      canAnnotate={false}
      drawing={null}
      onDrawingChange={() => {}}
      onDraw={() => {}}
      onPlayback={() => {}}
      onPlayableChange={() => {}}
    />,
  );
  return screen.getByTestId<HTMLVideoElement>('video-element');
}

/** What Chromium reports for a ProRes .mov: it knows the length and decodes the sound, but no picture. */
function soundWithoutPicture(video: HTMLVideoElement) {
  Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
  Object.defineProperty(video, 'duration', { configurable: true, value: 24 });
  Object.defineProperty(video, 'videoWidth', { configurable: true, value: 0 });
}

describe('the player and a link the browser can’t decode (issue 49)', () => {
  it('says so in words when the link plays sound with no picture, with how far the playable copy is', () => {
    const video = renderPlayer(makeMedia({ status: 'processing', progress: 42, proxies: [] }));
    soundWithoutPicture(video);
    fireEvent.loadedMetadata(video);
    expect(screen.getByTestId('video-unplayable').textContent).toBe(
      fill(DELIVERY_TEXT.browserCantPlay, { percent: '42' }),
    );
    expect(screen.queryByTestId('video-element')).toBeNull();
  });

  it('says so when the element errors, and gives the pipeline’s error once it failed', () => {
    const video = renderPlayer(makeMedia({ status: 'failed', error: MEDIA_FAILURE.notVideo, proxies: [] }));
    fireEvent.error(video);
    expect(screen.getByTestId('video-unplayable').textContent).toBe(MEDIA_FAILURE.notVideo);
  });

  it('plays a file that has a picture', () => {
    const video = renderPlayer(
      makeMedia({ status: 'processing', progress: 10, proxies: [] }),
      '/files/media/1/cut.mp4',
    );
    soundWithoutPicture(video);
    Object.defineProperty(video, 'videoWidth', { configurable: true, value: 1920 });
    Object.defineProperty(video, 'videoHeight', { configurable: true, value: 1080 });
    fireEvent.loadedMetadata(video);
    expect(screen.queryByTestId('video-unplayable')).toBeNull();
    expect(screen.getByTestId('video-player').dataset.status).toBe('ready');
  });

  it('words each stage: fetching the link, preparing, waiting, failed, no copy', () => {
    expect(unplayableText(makeMedia({ status: 'processing', importing: true, progress: 42 }))).toBe(
      'Fetching the video from the link… 42 %',
    );
    expect(unplayableText(makeMedia({ status: 'processing', progress: 42 }))).toBe(
      'Your browser can’t play this file. A playable copy is being prepared: 42 %',
    );
    expect(unplayableText(makeMedia({ status: 'queued', progress: 0 }))).toBe(DELIVERY_TEXT.browserCantPlayQueued);
    expect(unplayableText(makeMedia({ status: 'failed', error: null }))).toBe(MSG.videoUnplayable);
    expect(unplayableText(makeMedia({ status: 'ready', proxies: [] }))).toBe(DELIVERY_TEXT.browserCantPlayNoCopy);
    expect(unplayableText(null)).toBe(MSG.videoUnplayable);
  });

  it('the status line counts the link’s fetch while it is imported', () => {
    wrap(<MediaStatus media={makeMedia({ status: 'processing', importing: true, progress: 42, proxies: [] })} />);
    expect(screen.getByRole('status').textContent).toContain('Fetching the video from the link… 42 %');
  });
});

describe('proxies play as soon as one is published', () => {
  it('plays the smallest proxy while the pipeline still works, and offers it in the quality menu', () => {
    const media = makeMedia({
      status: 'processing',
      progress: 60,
      proxies: [{ height: 360, url: '/api/media/assets/7/proxy-360.mp4' }],
    });
    const video = { ...makeVideo(0, { video_url: 'https://www.dropbox.com/s/abc/cut.mov?dl=0' }), media };
    expect(videoSource(video, ORIGIN, 1440)).toEqual({
      kind: 'video',
      src: '/api/media/assets/7/proxy-360.mp4',
      own: true,
    });
    expect(qualityOptions(media, false).map((o) => o.label)).toEqual(['Auto', '360p']);
    // The link stays the card's: "Original" still opens it.
    expect(videoSource(video, ORIGIN, 1440, 'original')).toMatchObject({ src: expect.stringContaining('dropbox.com') });
  });
});
