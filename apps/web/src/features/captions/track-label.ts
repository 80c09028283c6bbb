import type { CaptionView } from '@cutroom/domain/schemas';
import type { PlayerCaptionTrack } from '../media-pipeline/public';

// Made on first use, not when the module loads: a cold browser took tens of milliseconds to load its language
// names, on every page that loads the player's code (the board too), before anything named a language.
let languageNames: Intl.DisplayNames | null | undefined;

/** 'pt-BR' → 'Portuguese (Brazil)'; the code itself when the browser doesn't know it. */
function languageName(code: string): string {
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
    } catch {
      languageNames = null;
    }
  }
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
