import type { CaptionView } from '@cutroom/domain/schemas';
import type { PlayerCaptionTrack } from '../media-pipeline/public';

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

/** 'pt-BR' → 'Portuguese (Brazil)'; the code itself when the browser doesn't know it. */
function languageName(code: string): string {
  try {
    return languageNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** How a track is named in the CC menu and the transcript's picker. */
export const trackLabel = (c: CaptionView) =>
  `${languageName(c.language)}${c.source === 'transcript' ? ' (transcript)' : ''}`;

/** The tracks of one video of the version, oldest first as the server lists them. */
export const tracksOfVideo = (captions: readonly CaptionView[], videoNumber: number) =>
  captions.filter((c) => c.video_number === videoNumber);

/** What the player's CC menu offers: the tracks that have their cues. */
export const playerTracks = (tracks: readonly CaptionView[]): PlayerCaptionTrack[] =>
  tracks
    .filter((c) => c.status === 'ready' && c.cues.length > 0)
    .map((c) => ({ id: c.caption_id, label: trackLabel(c), cues: c.cues }));
