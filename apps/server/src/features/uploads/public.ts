// What other features may use of uploads/ (docs/architecture.md): the lint refuses any other way in.
export { mayReadUploadedFile } from './uploads.service.js';
export { deliverableUpload, finishedUploadType, readableUpload } from './upload-delivery.js';
