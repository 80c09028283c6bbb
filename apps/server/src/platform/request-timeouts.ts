import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Bodies a handler reads as a stream (a multipart form, an upload part): only the upload limit applies. */
const STREAMED_BODY = /^(multipart\/form-data|application\/octet-stream)\b/i;

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * A JSON body must arrive whole within `bodyMs` (a client that sends less than it declared, or drips it, would
 * otherwise hold the connection for ever): the reply is 408 in our error shape, and the connection closes.
 */
export function registerBodyTimeout(app: FastifyInstance, bodyMs: number) {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request) || STREAMED_BODY.test(request.headers['content-type'] ?? '')) return payload;
    const timed = new PassThrough();
    const timer = setTimeout(() => {
      // What is left of the body will never be read: the socket can't serve another request.
      void reply.header('connection', 'close');
      timed.destroy(new AppError('REQUEST_TIMEOUT'));
    }, bodyMs);
    const stop = () => clearTimeout(timer);
    payload.once('end', stop).once('error', stop).once('close', stop);
    payload.pipe(timed);
    return timed;
  });
}
