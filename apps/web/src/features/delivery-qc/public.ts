export { QcStrip } from './qc-strip';
export { LoudnessFigure } from './loudness-figure';
export { openQcFindings, type OpenQcFinding } from './open-findings';
