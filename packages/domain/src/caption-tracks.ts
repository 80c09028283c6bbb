/** Caption tracks (issue 53): where they come from and where a transcript stands. */
export const CAPTION_SOURCES = ['upload', 'transcript'] as const;
export type CaptionSource = (typeof CAPTION_SOURCES)[number];
export const CAPTION_STATES = ['queued', 'processing', 'ready', 'failed'] as const;
export type CaptionState = (typeof CAPTION_STATES)[number];

/** A BCP 47 language tag as people type it: en, es, pt-BR, zh-Hant; 'und' when not known. */
export const CAPTION_LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;
export const CAPTION_SEARCH_MAX = 100;
/** The most matches a search answers with; the rest are for a narrower search. */
export const CAPTION_MATCHES_MAX = 200;
/** Tracks per version's video: uploads in a few languages and one transcript. */
export const CAPTION_TRACKS_MAX = 20;
/** The transcription endpoint's own limit (OpenAI's is 25 MB): longer audio goes in parts. */
export const TRANSCRIBE_PART_BYTES = 24 * 1024 * 1024;

export const CAPTIONS_MSG = {
  uploaded: 'Captions added',
  cueSaved: 'Caption line saved',
  removed: 'Captions removed',
  fileRequired: 'Choose an SRT or WebVTT file to upload',
  noVideo: 'Version {version} has no video {number} to caption',
  tooMany: 'A video can have at most {max} caption tracks: remove one first',
  noCue: 'This track has no cue {n}',
  notReady: 'This transcript is not ready yet',
  overlaps: 'The line would overlap the one before or after it',
  pastEnd: 'The line would run past the end of the video ({end})',
  transcriptionOff: "Transcription isn't set up on this server (AI_BASE_URL).",
  transcriptionFailed: 'The transcript could not be made: {reason}',
} as const;

/** A cue edited by hand is a row of the card's activity (issue 53), beside its moves and decisions. */
export const CAPTION_ACTIVITY_EDITED = 'caption:edited';
export const CAPTION_ACTIVITY_LABEL = 'Edited a caption line';
