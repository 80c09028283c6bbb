// What other features may use of yt-helper/ (docs/architecture.md): the lint refuses any other way in.
export { enterHelperBoard } from './yt-card.service.js';
