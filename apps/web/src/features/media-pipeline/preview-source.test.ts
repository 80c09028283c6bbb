import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { isOwnFile, previewSource } from './preview-source';

const ORIGIN = 'https://portal.example.com';

describe('preview sources (spec 001 §5)', () => {
  it('turns a Dropbox share with dl=0 into a raw stream', () => {
    expect(previewSource('https://www.dropbox.com/s/abc123/final.mp4?dl=0', ORIGIN)).toEqual({
      kind: 'video',
      src: 'https://www.dropbox.com/s/abc123/final.mp4?raw=1',
      own: false,
    });
    // Newer share links carry more parameters; they are kept.
    const scl = previewSource('https://www.dropbox.com/scl/fi/xyz/cut.mp4?rlkey=k1&dl=0', ORIGIN);
    expect(scl).toMatchObject({ kind: 'video', src: 'https://www.dropbox.com/scl/fi/xyz/cut.mp4?rlkey=k1&raw=1' });
    expect(previewSource('https://dropbox.com/s/abc/x.mov', ORIGIN)).toMatchObject({
      src: 'https://dropbox.com/s/abc/x.mov?raw=1',
    });
  });

  it("plays files on the portal's own storage as they are, and offers them for download", () => {
    const link = `${ORIGIN}/files/media/4/1700000000-ab12-final.mp4`;
    expect(previewSource(link, ORIGIN)).toEqual({
      kind: 'video',
      src: '/files/media/4/1700000000-ab12-final.mp4',
      own: true,
    });
    expect(previewSource('/files/media/4/cut.webm', ORIGIN)).toMatchObject({ kind: 'video', own: true });
    expect(isOwnFile(link, ORIGIN)).toBe(true);
    expect(isOwnFile('https://www.dropbox.com/s/abc/final.mp4?dl=0', ORIGIN)).toBe(false);
    // The same path on another host is not ours.
    expect(previewSource('https://evil.example.net/files/media/4/cut.mp4', ORIGIN)).toEqual({
      kind: 'error',
      message: MSG.unsupportedVideo,
    });
  });

  it("embeds Google Drive file links through Drive's preview page", () => {
    const id = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const expected = { kind: 'embed', src: `https://drive.google.com/file/d/${id}/preview` };
    expect(previewSource(`https://drive.google.com/file/d/${id}/view?usp=sharing`, ORIGIN)).toEqual(expected);
    expect(previewSource(`https://drive.google.com/open?id=${id}`, ORIGIN)).toEqual(expected);
    expect(previewSource(`https://drive.google.com/uc?id=${id}&export=download`, ORIGIN)).toEqual(expected);
  });

  it("answers 'Invalid Google Drive link' for Drive links that aren't a file", () => {
    for (const link of [
      'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOpQrStUvWxYz',
      'https://drive.google.com/file/d/',
      'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit',
    ]) {
      expect(previewSource(link, ORIGIN)).toEqual({ kind: 'error', message: MSG.invalidDriveLink });
    }
  });

  it("answers 'Unsupported video' for any other host or scheme", () => {
    for (const link of [
      'https://vimeo.com/123456',
      'https://www.youtube.com/watch?v=abc',
      'javascript:alert(1)',
      'ftp://files.example.com/cut.mp4',
      'not a link at all',
    ]) {
      expect(previewSource(link, ORIGIN)).toEqual({ kind: 'error', message: MSG.unsupportedVideo });
    }
  });
});
