/** Small files with the real signatures of each type, and multipart bodies to upload them. */

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const filler = (n: number) => Buffer.alloc(n, 0x20);

/** An MPEG-1 layer III frame header (128 kbps, 44.1 kHz) after an ID3v2 tag. */
export const MP3 = bytes('ID3', [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64], filler(400));
export const MP3_NO_TAG = bytes([0xff, 0xfb, 0x90, 0x64], filler(400));
export const WAV = bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt ', filler(200));
export const OGG = bytes('OggS', [0, 2], filler(200));
/** EBML header with DocType "webm": what browsers' MediaRecorder writes. */
export const WEBM = bytes(
  [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84],
  'webm',
  filler(300),
);
export const MP4 = bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2', filler(300));
export const M4A = bytes([0, 0, 0, 0x18], 'ftypM4A ', [0, 0, 2, 0], 'M4A isom', filler(300));
export const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR', filler(100));
export const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', filler(100));
export const GIF = bytes('GIF89a', [1, 0, 1, 0], filler(50));
export const WEBP = bytes('RIFF', [100, 0, 0, 0], 'WEBPVP8 ', filler(100));
export const SRT = Buffer.from(
  '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello there\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye\r\n',
);
export const VTT = Buffer.from('\uFEFFWEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello there\n');

export interface Part {
  field: string;
  /** A file part when set; a plain field otherwise. */
  fileName?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart/form-data body with the parts in order (fields the server reads before the file go first). */
export function multipartBody(parts: Part[]) {
  const boundary = `----cutroom${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"` +
        (p.fileName === undefined
          ? ''
          : `; filename="${p.fileName}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`) +
        '\r\n\r\n',
    ),
    Buffer.from(p.content),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One file in the `document` field, optionally after a `purpose` field. */
export const uploadBody = (fileName: string, type: string, content: Buffer | string, purpose?: string) =>
  multipartBody([
    ...(purpose === undefined ? [] : [{ field: 'purpose', content: purpose }]),
    { field: 'document', fileName, type, content },
  ]);
