// What other features may use of approvals/ (docs/architecture.md): the lint refuses any other way in.
export { decide, guestAsReviewer, recordWatched } from './approvals.service.js';
export {
  checkOriginalUnlocked,
  deliveredVideo,
  downloadLink,
  markedCopyFile,
  originalLink,
  reviewCopyOf,
} from './downloads.service.js';
