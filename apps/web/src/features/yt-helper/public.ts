// What other features may use of yt-helper/ (docs/architecture.md, "Boundaries"): the lint refuses any other way in.
export { useYtMove } from './api';
export { YtTab } from './yt-tab';
