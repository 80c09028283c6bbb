import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small round-robin load balancer for the cluster test, doing what nginx's `proxy_next_upstream error`
 * does: a request whose backend refuses the connection goes to the next one (it never reached the first),
 * a backend that dies mid-answer costs that request a 502. Bodies are read whole first so they can be
 * sent again; answers stream through (event streams included).
 */
export async function startBalancer(backends: string[]) {
  let next = 0;
  const sockets = new Set<Socket>();
  /** Sends the request to backend `at` (counted round the list); a refused connection moves on to the next. */
  const forward = (at: number, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tries: number) => {
    // A connection per request, as nginx talks to its upstreams by default: none is reused from a dead backend.
    const upstream = http.request(`${backends[at % backends.length]}${req.url}`, {
      agent: false,
      method: req.method,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && tries < backends.length && !res.headersSent) {
        forward(at + 1, req, body, res, tries + 1);
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' }).end('{"error_message":"bad gateway"}');
      } else {
        res.destroy();
      }
    });
    upstream.end(body);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(next++, req, Buffer.concat(chunks), res, 1));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
