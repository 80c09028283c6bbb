// What other features may use of captions/ (docs/architecture.md, "Boundaries"): the lint refuses any other way in.
export { useCaptions, type Captions } from './use-captions';
export { TranscriptPanel } from './transcript-panel';
