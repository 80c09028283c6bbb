// The floor a page's figures stand on (issue 55): a page of one heading, sent with the product's own document
// headers, measured in the same run as the app's pages. What it scores is what Chromium itself costs on this
// machine for such a page; what the app's pages add is the part the app can cut.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers of one reply, not the page's policy: they stay the floor server's own. */
const TRANSPORT = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'set-cookie',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

/** Cross-Origin-Opener-Policy other than unsafe-none puts a page navigated to from about:blank in a new process. */
const OPENER_POLICY = 'cross-origin-opener-policy';

const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><h1>One heading</h1><p>A page with nothing of the app.</p></body></html>';

interface FloorPage {
  page: string;
  url: string;
}

/**
 * A server on 127.0.0.1 with the floor page at `/` (the headers the app's login page is sent with) and at
 * `/without-opener-policy` (the same but Cross-Origin-Opener-Policy), so a run shows what that header costs.
 */
export async function startFloor(appOrigin: string) {
  const reply = await fetch(`${appOrigin}/login`, { headers: { accept: 'text/html' } });
  await reply.arrayBuffer();
  const policy = Object.fromEntries([...reply.headers].filter(([name]) => !TRANSPORT.has(name)));
  if (!policy['content-security-policy'])
    throw new Error(`the app's login page came without its security headers (${reply.status})`);
  const { [OPENER_POLICY]: _opener, ...withoutOpener } = policy;
  const server = http.createServer((request, response) => {
    const headers = request.url === '/' ? policy : request.url === '/without-opener-policy' ? withoutOpener : null;
    if (!headers) return void response.writeHead(404).end();
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pages: FloorPage[] = [
    { page: 'floor', url: '/' },
    { page: `floor without ${OPENER_POLICY}`, url: '/without-opener-policy' },
  ];
  return {
    origin: `http://127.0.0.1:${port}`,
    pages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
