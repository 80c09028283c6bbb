/** A report grabs at most this many frames (each a decode on the API's machine); later notes go without. */
export const REPORT_FRAMES_MAX = 120;

/** The chats a review report can be made of: the helper chat reviews thumbnails, not a video. */
export const REPORT_CHATS = ['customer', 'team'] as const;
