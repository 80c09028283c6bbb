import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

let open = 0;
/** Event streams open in this process (the metrics' gauge). */
export const openEventStreams = () => open;

/** Takes the reply out of Fastify's hands and opens a Server-Sent Events stream that proxies don't buffer. */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  open++;
  res.once('close', () => open--);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return res;
}
