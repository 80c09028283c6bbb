import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** Takes the reply out of Fastify's hands and opens a Server-Sent Events stream that proxies don't buffer. */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return res;
}
