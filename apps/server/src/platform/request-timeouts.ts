import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An upload route, whose handler streams the body to storage: once its caller passed the access check, the
     * body may take the upload limit (UPLOAD_REQUEST_TIMEOUT_MS) instead of the body limit.
     */
    uploadBody?: true;
  }
}

/** Bodies a handler reads as a stream (a multipart form, an upload part): their parser must get them untouched. */
const STREAMED_BODY = /^(multipart\/form-data|application\/octet-stream)\b/i;

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/** A request's running body limit, and what ends the request when it passes. */
interface Deadline {
  timer: NodeJS.Timeout;
  expire: () => void;
}
const deadlines = new WeakMap<FastifyRequest, Deadline>();

function lift(request: FastifyRequest) {
  const deadline = deadlines.get(request);
  if (deadline) clearTimeout(deadline.timer);
  deadlines.delete(request);
}

/** Whether the body is still on its way: only a real connection can drip (inject's stand-in has no `complete`). */
const stillArriving = (request: FastifyRequest) => hasBody(request) && request.raw.complete === false;

/** Ends a connection whose body will never be read whole. */
function cut(request: FastifyRequest) {
  const { socket } = request.raw;
  if (socket instanceof Socket) socket.destroy();
}

/**
 * Every body, whatever its type, must arrive whole within `bodyMs` of its headers (a client that sends less
 * than it declared, or drips it, would otherwise hold the connection): a parsed body ends in 408 in our error
 * shape, a streamed one in a closed connection. Only an upload route lifts the limit, and only after the access
 * check (preHandler runs after it). A reply sent before its body arrived closes the connection, so a body no
 * handler reads can't keep it open.
 */
export function registerBodyTimeout(app: FastifyInstance, bodyMs: number) {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return;
    const deadline: Deadline = {
      timer: setTimeout(() => (reply.sent ? cut(request) : deadline.expire()), bodyMs),
      expire: () => cut(request),
    };
    deadlines.set(request, deadline);
    request.raw.once('end', () => lift(request));
  });

  app.addHook('preParsing', async (request, reply, payload) => {
    const deadline = deadlines.get(request);
    if (!deadline || STREAMED_BODY.test(request.headers['content-type'] ?? '')) return payload;
    const timed = new PassThrough();
    deadline.expire = () => {
      // What is left of the body will never be read: the socket can't serve another request.
      void reply.header('connection', 'close');
      timed.destroy(new AppError('REQUEST_TIMEOUT'));
    };
    payload.pipe(timed);
    return timed;
  });

  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.uploadBody) lift(request);
  });

  app.addHook('onSend', async (request, reply: FastifyReply) => {
    // Answered before its body came whole (401, 404, 415, a refused upload): nothing will read the rest.
    if (stillArriving(request)) void reply.header('connection', 'close');
  });

  app.addHook('onResponse', async (request) => {
    lift(request);
    if (stillArriving(request)) cut(request);
  });
}
