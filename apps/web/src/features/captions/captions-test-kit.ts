import type { CaptionView, CueView } from '@cutroom/domain/schemas';

export const makeCue = (
  n: number,
  start: number,
  end: number,
  text: string,
  settings: string | null = null,
): CueView => ({
  n,
  start,
  end,
  text,
  settings,
});

/** Three lines of an English upload on version 0's first video. */
export const CUES: CueView[] = [
  makeCue(1, 1, 3, 'Welcome back to the channel'),
  makeCue(2, 3, 5.5, 'Today: the café microphone test'),
  makeCue(3, 6, 8, 'Let’s hear the first one'),
];

export function makeCaption(overrides: Partial<CaptionView> = {}): CaptionView {
  return {
    caption_id: 11,
    video_version: 0,
    video_number: 1,
    language: 'en',
    source: 'upload',
    status: 'ready',
    error: null,
    cues: CUES,
    vtt_url: '/api/card/7/captions/11/vtt',
    srt_url: '/api/card/7/captions/11/srt',
    qc: null,
    created_at: '2026-04-13T16:00:00.000Z',
    ...overrides,
  };
}

export const captionsReply = (captions: CaptionView[], transcription = true) => ({
  body: { captions, transcription },
});
