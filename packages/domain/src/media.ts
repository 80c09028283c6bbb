import { MSG } from './messages.js';

/** What an uploaded file may be, judged by its bytes on the server (never by its name or declared type). */
export const FILE_KINDS = ['audio', 'video', 'image', 'subtitles'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Why a file is uploaded (multipart field `purpose` of POST /api/media), and the kinds each accepts.
 * `media` is what an upload without a purpose may be.
 */
export const UPLOAD_PURPOSES = {
  voice_note: { kinds: ['audio'], refusal: MSG.uploadAudioOnly, accept: 'audio/*' },
  subtitles: {
    kinds: ['subtitles'],
    refusal: MSG.uploadSubtitlesOnly,
    accept: '.srt,.vtt',
  },
  avatar: {
    kinds: ['image'],
    refusal: MSG.uploadImageOnly,
    accept: 'image/png,image/jpeg,image/gif,image/webp',
  },
  thumbnail: {
    kinds: ['image'],
    refusal: MSG.uploadImageOnly,
    accept: 'image/png,image/jpeg,image/gif,image/webp',
  },
  video: { kinds: ['video'], refusal: MSG.uploadVideoOnly, accept: 'video/*' },
  media: {
    kinds: ['audio', 'video', 'image', 'subtitles'],
    refusal: MSG.uploadMediaOnly,
    accept: 'audio/*,video/*,image/png,image/jpeg,image/gif,image/webp,.srt,.vtt',
  },
} as const satisfies Record<string, { kinds: readonly FileKind[]; refusal: string; accept: string }>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_KEYS = Object.keys(UPLOAD_PURPOSES) as UploadPurpose[];

export const isUploadPurpose = (value: unknown): value is UploadPurpose =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_PURPOSES, value);
