/**
 * What the server answers about uploads in parts (docs/uploads.md): the browser shows the reply's text, so these
 * stay out of MSG, which ships with the app's first load.
 */
export const UPLOAD_MSG = {
  // uploads (issue 16)
  uploadTooLarge: 'Files may be up to {size}; this one is {got}',
  uploadTypeRefused: "Files of type '{type}' can't be uploaded here. Allowed: {types}",
  uploadContentRefused: "The file's contents are not an allowed type ({types}), so it was not kept",
  uploadSizeMismatch: 'The uploaded parts add up to {got} bytes, not the {size} announced. Upload the file again',
  uploadPartMissing: 'Part {n} has not been uploaded yet',
  uploadPartWrongSize: 'Part {n} must be {bytes} bytes; {got} arrived. Send it again',
  uploadPartOutOfRange: 'This upload has parts 1 to {count}',
  uploadPartsIncomplete: 'Send every part from 1 to {count} once, with the ETag its upload answered',
  uploadLinkInvalid: 'This upload link is invalid or has expired; ask for a new one',
  uploadFinished: 'This upload is already finished',
  uploadBusy: 'This upload is being finished already',
  uploadAbandoned: 'This upload was left unfinished too long and has expired. Upload the file again',
  uploadSendBytes: 'Send the part as application/octet-stream',
  uploadStorageDown: "The file storage can't be reached right now. Please try again in a minute",
} as const;
