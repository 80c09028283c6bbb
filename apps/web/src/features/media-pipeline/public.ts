// What other features may use of media-pipeline/ (docs/architecture.md, "Boundaries"): the lint refuses any other way in.
export {
  autoProxy,
  canPlayOriginal,
  isOwnFile,
  previewSource,
  type PreviewSource,
  type Quality,
  qualityOptions,
  videoSource,
} from './preview-source';
export {
  newestVideos,
  type ResolvedSelection,
  resolveSelection,
  type Selection,
  versionLabel,
  type VersionMap,
  versionOfNote,
} from './video-versions';
export { SHAPE_ICONS } from './shape-icons';
export { AnnotationLayer, type Geometry, type ShownAnnotation } from './annotation-layer';
export { type Marker } from './timeline';
export { type TimedAnnotation } from './timed-annotations';
export { VideoPlayer, type PlayerCaptionTrack } from './video-player';
export { cuesAt, type TimedCue } from './cue-layout';
export { patchMediaProgress } from './media-progress';
export { MediaStatus } from './media-status';
export { ReviewPreview } from './review-preview';
export { ReviewToolbar } from './review-toolbar';
export { useReviewPlayback } from './use-review-playback';
export { VersionCompare } from './version-compare';
export { VideoTabs } from './video-tabs';
export { DrawBar } from './draw-bar';
export { AnnotationsSwitch } from './annotations-switch';
export { default as videoClasses } from './video.module.css';
