import type { UploadedFile } from '@cutroom/domain/schemas';

/** A file of a customer's folder, as the list and complete answer it. */
export const makeUploadedFile = (over: Partial<UploadedFile> = {}): UploadedFile => ({
  id: 5,
  customer_id: 3,
  file_name: 'Final-cut-20261125-142930123.mp4',
  key: 'uploads/3/Final-cut-20261125-142930123',
  bytes: 30,
  content_type: 'video/mp4',
  uploaded_by: 'Ed Editor',
  created_at: '2026-11-25T14:29:30.123Z',
  media: null,
  ...over,
});

/** The browser's XMLHttpRequest for part PUTs: reports progress, then answers an ETag naming the part. */
export class FakeXhr {
  static sent: { url: string; size: number }[] = [];
  /** How long each part takes; a test that cancels midway makes it longer. */
  static delayMs = 5;
  private timer: ReturnType<typeof setTimeout> | undefined;
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onloadend: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  /** As a browser's: the request ends (loadend) with status 0. */
  abort() {
    clearTimeout(this.timer);
    this.status = 0;
    this.onloadend?.();
  }
  send(body: Blob) {
    FakeXhr.sent.push({ url: this.url, size: body.size });
    const n = /\/parts\/(\d+)/.exec(this.url)?.[1] ?? '0';
    this.timer = setTimeout(() => {
      this.upload.onprogress?.({ loaded: body.size / 2 });
      this.status = 200;
      this.responseText = JSON.stringify({ part_number: Number(n), size: body.size, etag: `etag-${n}` });
      this.onloadend?.();
    }, FakeXhr.delayMs);
  }
}

/** Part URLs for the numbers asked, as POST /api/uploads/:id/part-urls answers. */
export const partUrls = (id: number) => (body: unknown) => ({
  body: {
    urls: (body as { part_numbers: number[] }).part_numbers.map((n) => ({
      part_number: n,
      url: `/api/uploads/${id}/parts/${n}?expires=1&sig=s`,
      expires_at: '',
    })),
  },
});
