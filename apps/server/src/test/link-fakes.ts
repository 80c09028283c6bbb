// Loopback fakes of where editors share cuts: Dropbox (dl=0 preview → dl=1 file), Google Drive (the
// confirmation page it shows for large files), a plain file server, and each way a link goes wrong.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LinkFakes {
  origin: string;
  /** Requests received, by path (the query left out). */
  hits: Map<string, number>;
  /** All requests received. */
  total(): number;
  /** Whether the "private" Dropbox file is shared with anyone with the link (else it redirects to a sign-in). */
  shared: boolean;
  /** Serves these bytes at `path` from now on (a hostile clip, say): the link to them. */
  serve(path: string, bytes: Buffer, type?: string): string;
  close(): Promise<void>;
}

const DRIVE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz';
const CONFIRM_UUID = 'b5f3c1de-0000-4000-8000-000000000001';

/** The links a test pastes, by what they lead to. */
export const fakeLinks = (origin: string) => ({
  dropbox: `${origin}/s/k3y9xq/Final%20cut.mp4?dl=0`,
  dropboxPrivate: `${origin}/s/pr1vat3/cut.mp4?dl=0`,
  dropboxFolder: `${origin}/sh/f0ld3r/AAB?dl=0`,
  drive: `${origin}/file/d/${DRIVE_ID}/view?usp=sharing`,
  plain: `${origin}/media/cut.mp4`,
  chunked: `${origin}/media/chunked.mp4`,
  page: `${origin}/about.html`,
  listing: `${origin}/exports/`,
  missing: `${origin}/media/gone.mp4`,
  notVideo: `${origin}/media/notes.pdf`,
  padded: `${origin}/media/padded.mp4`,
  paddedChunked: `${origin}/media/padded-chunked.mp4`,
  flaky: `${origin}/media/flaky.mp4`,
  stalled: `${origin}/media/stalled.mp4`,
});

const page = (title: string, body = '') =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`;

/** Starts the fakes on 127.0.0.1; `video` is what every working link serves, `padded` a larger copy. */
export async function startLinkFakes(video: Buffer, padded: Buffer = video): Promise<LinkFakes> {
  const hits = new Map<string, number>();
  const state = { shared: false };
  const extra = new Map<string, { bytes: Buffer; type: string }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const html = (status: number, text: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(text);
    const file = (bytes: Buffer, type = 'video/mp4', chunked = false) => {
      res.writeHead(200, { 'content-type': type, ...(chunked ? {} : { 'content-length': String(bytes.length) }) });
      if (!chunked) return res.end(bytes);
      // Three writes and no length: the size is known only at the end.
      const third = Math.ceil(bytes.length / 3);
      res.write(bytes.subarray(0, third));
      res.write(bytes.subarray(third, 2 * third));
      res.end(bytes.subarray(2 * third));
    };
    const dl = url.searchParams.get('dl');
    const served = extra.get(url.pathname);
    if (served) return file(served.bytes, served.type);
    switch (url.pathname) {
      case '/s/k3y9xq/Final cut.mp4':
      case '/s/k3y9xq/Final%20cut.mp4':
        // Dropbox: the preview page for dl=0, a redirect to the content host for dl=1.
        if (dl === '1') return res.writeHead(302, { location: '/content/k3y9xq/Final%20cut.mp4' }).end();
        return html(200, page('Final cut.mp4 - Dropbox', '<video src="/preview"></video>'));
      case '/content/k3y9xq/Final%20cut.mp4':
      case '/content/k3y9xq/Final cut.mp4':
        return file(video);
      case '/s/pr1vat3/cut.mp4':
        if (!state.shared) return res.writeHead(302, { location: '/login?cont=%2Fs%2Fpr1vat3' }).end();
        return file(video);
      case '/login':
        return html(200, page('Log in - Dropbox', '<form><input type="password" name="password"></form>'));
      case '/uc': {
        // Drive: a large file gets the "can't scan for viruses" page, whose form leads to the file.
        if (url.searchParams.get('id') !== DRIVE_ID) return html(404, page('Not Found'));
        const action = `http://${req.headers.host}/download`;
        return html(
          200,
          page(
            'Google Drive - Virus scan warning',
            `<form id="download-form" action="${action}" method="get">` +
              `<input type="submit" value="Download anyway">` +
              `<input type="hidden" name="id" value="${DRIVE_ID}"><input type="hidden" name="export" value="download">` +
              `<input type="hidden" name="confirm" value="t"><input type="hidden" name="uuid" value="${CONFIRM_UUID}"></form>`,
          ),
        );
      }
      case '/download':
        if (url.searchParams.get('confirm') !== 't' || url.searchParams.get('uuid') !== CONFIRM_UUID)
          return html(403, page('Forbidden'));
        return file(video, 'application/octet-stream');
      case '/media/cut.mp4':
        return file(video);
      case '/media/chunked.mp4':
        return file(video, 'video/mp4', true);
      case '/media/padded.mp4':
        return file(padded);
      case '/media/padded-chunked.mp4':
        return file(padded, 'video/mp4', true);
      case '/media/notes.pdf':
        return file(Buffer.from('%PDF-1.4\n% not a video\n'.repeat(20)), 'application/pdf');
      case '/media/flaky.mp4':
        return html(503, page('Service Unavailable'));
      case '/media/stalled.mp4':
        // Sends the start of the file, then nothing more (the socket stays open until the test ends).
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(video.length) });
        return void res.write(video.subarray(0, Math.min(video.length - 1, 70_000)));
      case '/about.html':
        return html(200, page('Our studio', '<p>We edit videos.</p>'));
      case '/exports/':
        return html(200, page('Index of /exports', '<a href="cut.mp4">cut.mp4</a>'));
      default:
        return html(404, page('Not Found'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    serve(path, bytes, type = 'video/mp4') {
      extra.set(path, { bytes, type });
      return origin + path;
    },
    hits,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    get shared() {
      return state.shared;
    },
    set shared(value: boolean) {
      state.shared = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
