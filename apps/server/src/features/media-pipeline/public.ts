// What other features may use of media-pipeline/ (docs/architecture.md): the lint refuses any other way in.
// Its routes and worker are wired in app.ts and worker.ts (they reach cards/, which reaches this file).
export { trackStoredVideo, trackVideo } from './media-tracking.js';
export { deliveredVersions, videoFacts, type VideoFacts } from './video-facts.js';
export { frameImage, isReadyAsset, type ReadyAsset } from './frame-grab.js';
export { mediaToolsReport } from './media-tools.js';
