// What other features may use of uploads/ (docs/architecture.md): the lint refuses any other way in.
// Who may read an upload page file is wired into ctx.files in app.ts.
export { deliverableUpload } from './upload-delivery.js';
