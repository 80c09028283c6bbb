import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { VideoPlayer, type PlayerCaptionTrack } from '../media-pipeline/public';
import { stubDocumentFonts } from '../../test/card-test-kit';
import { CUES, makeCue } from './captions-test-kit';

const TRACKS: PlayerCaptionTrack[] = [
  { id: 11, label: 'English', cues: CUES },
  { id: 12, label: 'Spanish', cues: [makeCue(1, 1, 3, 'Bienvenidos', 'line:10% position:20% align:start')] },
];

function renderPlayer() {
  render(
    <AppProviders env="test">
      <VideoPlayer
        src="/files/media/1/clip.mp4"
        markers={[]}
        annotations={[]}
        pending={null}
        canAnnotate={false}
        drawing={null}
        onDrawingChange={() => {}}
        onDraw={() => {}}
        onPlayback={() => {}}
        onPlayableChange={() => {}}
        captions={TRACKS}
      />
    </AppProviders>,
  );
  const video = screen.getByTestId<HTMLVideoElement>('video-element');
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 1.5 });
  Object.defineProperty(video, 'duration', { configurable: true, value: 10 });
  fireEvent.loadedMetadata(video);
  return video;
}

/** jsdom plays nothing: the element is moved by hand and says so, as the browser would while playing. */
const playTo = (video: HTMLVideoElement, seconds: number) => {
  video.currentTime = seconds;
  fireEvent.timeUpdate(video);
};

const shownCues = () => screen.queryAllByTestId('caption-cue').map((c) => c.textContent);

describe('the player’s CC menu', () => {
  beforeAll(stubDocumentFonts);

  it('shows the picked track’s cue at the moment it is spoken, and none with Off', async () => {
    const user = userEvent.setup();
    const video = renderPlayer();
    // Off until a track is picked.
    expect(shownCues()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Captions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(shownCues()).toEqual(['Welcome back to the channel']);

    playTo(video, 3.2);
    expect(shownCues()).toEqual(['Today: the café microphone test']);
    // Between two cues nothing shows; a cue ends where it says (5.5 s).
    playTo(video, 5.5);
    expect(shownCues()).toEqual([]);
    playTo(video, 7);
    expect(shownCues()).toEqual(['Let’s hear the first one']);

    await user.click(screen.getByRole('button', { name: 'Captions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Off' }));
    expect(shownCues()).toEqual([]);
  });

  it('is reached with the keyboard and places a cue where its WebVTT settings say', async () => {
    const user = userEvent.setup();
    renderPlayer();
    const button = screen.getByTestId('captions-menu');
    button.focus();
    await user.keyboard('{Enter}');
    const spanish = await screen.findByRole('menuitem', { name: 'Spanish' });
    spanish.focus();
    await user.keyboard('{Enter}');
    const cue = await screen.findByTestId('caption-cue');
    expect(cue.textContent).toBe('Bienvenidos');
    // line:10% puts the box a tenth down the frame, position:20% with align:start its left edge a fifth in.
    const box = cue.parentElement!;
    expect(box.style.top).toBe('10%');
    expect(box.style.left).toBe('20%');
    expect(box.style.textAlign).toBe('left');
    // Words stay text, never markup.
    expect(cue.children).toHaveLength(0);
  });
});
