/** What an uploaded file may be, judged by its bytes on the server (never by its name or declared type). */
export const FILE_KINDS = ['audio', 'video', 'image', 'subtitles'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Why a file is uploaded (multipart field `purpose` of POST /api/media), and the kinds each accepts.
 * `media` is what an upload without a purpose may be.
 */
export const UPLOAD_PURPOSES = {
  voice_note: { kinds: ['audio'], refusal: 'Upload an audio file (MP3, M4A, WebM, Ogg or WAV)', accept: 'audio/*' },
  subtitles: {
    kinds: ['subtitles'],
    refusal: 'Upload a SubRip (.srt) or WebVTT (.vtt) subtitle file',
    accept: '.srt,.vtt',
  },
  avatar: {
    kinds: ['image'],
    refusal: 'Upload an image (PNG, JPEG, GIF or WebP)',
    accept: 'image/png,image/jpeg,image/gif,image/webp',
  },
  thumbnail: {
    kinds: ['image'],
    refusal: 'Upload an image (PNG, JPEG, GIF or WebP)',
    accept: 'image/png,image/jpeg,image/gif,image/webp',
  },
  video: { kinds: ['video'], refusal: 'Upload a video file (MP4, MOV, WebM, MKV or AVI)', accept: 'video/*' },
  media: {
    kinds: ['audio', 'video', 'image', 'subtitles'],
    refusal: 'Upload an audio, video, image or subtitle file',
    accept: 'audio/*,video/*,image/png,image/jpeg,image/gif,image/webp,.srt,.vtt',
  },
} as const satisfies Record<string, { kinds: readonly FileKind[]; refusal: string; accept: string }>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_KEYS = Object.keys(UPLOAD_PURPOSES) as UploadPurpose[];

export const isUploadPurpose = (value: unknown): value is UploadPurpose =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_PURPOSES, value);
