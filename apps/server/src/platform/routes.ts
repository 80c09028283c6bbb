import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import { operationIdOf, type HandlerInput, type ReplyInput, type RouteContract } from '@cutroom/domain/contract';
import { currentUser, type SessionUser } from './auth.js';
import { compileReplySerializer } from './compiled-serializer.js';
import { zoneOf } from './time-zone.js';

/** Public routes may be called signed in or not; every other route has its caller. */
type Caller<R extends RouteContract> = R extends { access: 'public' } ? SessionUser | null : SessionUser;

export type RouteInput<R extends RouteContract> = HandlerInput<R> & {
  user: Caller<R>;
  /** The caller's zone from its `user-time-zone` header, or the portal's clock when that is missing or unknown. */
  zone: string;
  request: FastifyRequest;
  reply: FastifyReply;
};
/**
 * A text reply (a CSV download) may also come as a stream or bytes: Fastify sends them, skipping the serializer.
 * A stored file's route returns the reply it sent itself (sendStored: the file, or a redirect to it).
 */
type HandlerReply<R extends RouteContract> =
  ReplyInput<R> extends string ? ReplyInput<R> | Readable | Buffer | FastifyReply : ReplyInput<R>;
export type Handler<R extends RouteContract> = (input: RouteInput<R>) => Promise<HandlerReply<R>> | HandlerReply<R>;

interface ServeOptions {
  /** Server-only route settings (rate limits); the access always comes from the contract. */
  config?: Record<string, unknown>;
  logLevel?: LogLevel;
  /**
   * Write the reply with a serializer compiled from its schema instead of checking it with zod first
   * (hot routes; tests still check it). Only for replies that are plain JSON data, no streams.
   */
  compiledReply?: true;
}

/**
 * Registers one contract route: its schemas validate and document the call, its access is enforced
 * by the auth hook, and the handler's return value must fit the reply schema at compile time.
 */
export function serve<R extends RouteContract>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
  options: ServeOptions = {},
) {
  const status = route.status ?? 200;
  const operationId = operationIdOf(route);
  app.route({
    method: route.method,
    url: route.path,
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.compiledReply
      ? { serializerCompiler: () => compileReplySerializer(route.reply, { method: route.method, url: route.path }) }
      : {}),
    config: {
      ...options.config,
      access: route.access,
      ...(route.errorAlias ? { errorAlias: route.errorAlias } : {}),
      ...(route.whileTemporaryPassword ? { whileTemporaryPassword: true } : {}),
    },
    schema: {
      tags: [...route.tags],
      summary: route.summary,
      ...(operationId ? { operationId } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { [status]: route.reply },
    },
    handler: async (request, reply) => {
      const user = route.access === 'public' ? request.user : currentUser(request);
      // The schemas above have parsed params, query and body before this runs.
      const zone = zoneOf(request.headers['user-time-zone']);
      const input = { params: request.params, query: request.query, body: request.body, user, zone, request, reply };
      const result = await handler(input as RouteInput<R>);
      // A handler that sends for itself returns `reply`, a thenable: its promise settles as undefined when the
      // response ends, or at once for a client already gone, before `sent` holds; nothing more goes to either.
      if (result === reply || reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
      return reply.status(status).send(result);
    },
  });
}
