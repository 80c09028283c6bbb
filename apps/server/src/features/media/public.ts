// What other features may use of media/ (docs/architecture.md): the lint refuses any other way in.
export { storeUpload } from './media.service.js';
export { discardUpload, keyOfUrl, ownUpload, videoKeyOf } from './profile-files.js';
export { holdsSpace, usedBytes, withinQuota } from './storage-quota.js';
