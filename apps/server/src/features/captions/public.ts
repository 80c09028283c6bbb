// What other features may use of captions/ (docs/architecture.md): the lint refuses any other way in.
// Its routes are wired in app.ts.
export { trackFromSubtitlesFile } from './subtitles-file.js';
