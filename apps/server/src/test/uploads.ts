import type { TestApp } from './test-app.js';
import { bearer } from './helpers.js';

export interface Started {
  upload_id: number;
  key: string;
  file_name: string;
  part_size: number;
  part_count: number;
}

/** The upload page's calls through inject, as the browser makes them. */
export function uploadClient(t: TestApp, token: string) {
  const headers = bearer(token);
  const json = <T>(res: { statusCode: number; json: () => unknown; body: string }, status: number) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res.json() as T;
  };
  const client = {
    start: (body: object) => t.app.inject({ method: 'POST', url: '/api/uploads', headers, payload: body }),
    partUrls: (id: number, part_numbers: number[]) =>
      t.app.inject({ method: 'POST', url: `/api/uploads/${id}/part-urls`, headers, payload: { part_numbers } }),
    /** PUTs one part to its URL: our own route through inject, an S3 URL over HTTP. */
    async put(url: string, body: Buffer): Promise<{ status: number; etag: string }> {
      if (url.startsWith('/')) {
        const res = await t.app.inject({
          method: 'PUT',
          url,
          headers: { ...headers, 'content-type': 'application/octet-stream' },
          payload: body,
        });
        return { status: res.statusCode, etag: res.statusCode === 200 ? res.json<{ etag: string }>().etag : '' };
      }
      const res = await fetch(url, { method: 'PUT', body });
      return { status: res.status, etag: (res.headers.get('etag') ?? '').replace(/"/g, '') };
    },
    parts: (id: number) => t.app.inject({ method: 'GET', url: `/api/uploads/${id}/parts`, headers }),
    complete: (id: number, parts: { part_number: number; etag: string }[]) =>
      t.app.inject({ method: 'POST', url: `/api/uploads/${id}/complete`, headers, payload: { parts } }),
    cancel: (id: number) => t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers }),
    list: (query: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/uploads', headers, query }),
    download: (id: number) => t.app.inject({ method: 'GET', url: `/api/uploads/${id}/download`, headers }),
    /** The whole protocol for a file held in memory (`partOf` gives part n's bytes); answers the complete call. */
    async upload(
      customerId: number,
      fileName: string,
      type: string,
      size: number,
      partOf: (n: number, s: Started) => Buffer,
    ) {
      const started = json<Started>(
        await client.start({ customer_id: customerId, file_name: fileName, size, content_type: type }),
        201,
      );
      const numbers = Array.from({ length: started.part_count }, (_, i) => i + 1);
      const { urls } = json<{ urls: { part_number: number; url: string }[] }>(
        await client.partUrls(started.upload_id, numbers),
        200,
      );
      const parts = [];
      for (const u of urls) {
        const sent = await client.put(u.url, partOf(u.part_number, started));
        if (sent.status !== 200) throw new Error(`part ${u.part_number}: ${sent.status}`);
        parts.push({ part_number: u.part_number, etag: sent.etag });
      }
      return { started, res: await client.complete(started.upload_id, parts) };
    },
  };
  return client;
}

/** Part n of a file that is `head` followed by `size - head.length` bytes of one value, without the whole file in memory. */
export function syntheticParts(head: Buffer, size: number) {
  return (n: number, s: Started) => {
    const start = (n - 1) * s.part_size;
    const length = Math.min(s.part_size, size - start);
    const part = Buffer.alloc(length, 7);
    if (start < head.length) head.copy(part, 0, start, Math.min(head.length, start + length));
    return part;
  };
}
