import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERRORS, MSG, type ErrorCode, type ErrorReply } from '@cutroom/domain';
import { postgresError, rolledBackByConflict } from '../db/postgres-error.js';

/** Services throw this; the one handler below turns it into `{error_message, code}`. */
export class AppError extends Error {
  readonly status: number;
  /** Seconds to wait before trying again (a limit's window): the reply's Retry-After. */
  retryAfterS?: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly field?: string,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's contract `errorAlias`: its errors repeat error_message under this name. */
    errorAlias?: 'error';
  }
}

const reply = (code: string, error_message: string, field?: string): ErrorReply =>
  field ? { error_message, code, field } : { error_message, code };

const isErrorBody = (payload: unknown): payload is ErrorReply =>
  typeof payload === 'object' && payload !== null && typeof (payload as ErrorReply).error_message === 'string';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** First failing field of a schema validation, as `{field, message}`. */
function describeValidation(issues: ValidationIssue[], context: string | undefined) {
  const first = issues[0];
  const pathParts = first?.params?.issue?.path ?? first?.instancePath?.split('/').filter(Boolean) ?? [];
  const field = pathParts.map(String).join('.') || context || 'body';
  const message = first?.params?.issue?.message ?? first?.message ?? 'is invalid';
  const friendly = /^Invalid input|^Expected|^Invalid option|^Too (big|small)|^Unrecognized/.test(message)
    ? `${field}: ${message}`
    : message;
  return { field, message: friendly };
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|not queryable/;

/** The database is down, restarting or out of connections: the caller may retry, nothing is wrong with the call. */
function databaseUnreachable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Races the services' own checks can lose end in a constraint; they answer 409/400, never 500. */
const UNIQUE_CONSTRAINTS: Record<string, ErrorCode> = {
  users_email_unique: 'EMAIL_TAKEN',
  cards_client_title_unique: 'CARD_TITLE_EXISTS',
};

/**
 * Fastify's `frameworkErrors` option: the router refuses a bad percent-escape or an over-long path
 * parameter before any hook runs, and would otherwise answer in its own shape, echoing the path.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, rep: FastifyReply): void {
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MSG.addressTooLong : MSG.addressInvalid;
  void rep.status(err.statusCode ?? 400).send(reply(err.code, message));
}

export function registerErrorHandling(app: FastifyInstance): void {
  // A route whose contract names an alias gets it on every error reply, whichever branch below answers.
  app.addHook('preSerialization', async (request, rep, payload) => {
    const alias = request.routeOptions.config.errorAlias;
    if (!alias || rep.statusCode < 400 || !isErrorBody(payload)) return payload;
    return { ...payload, [alias]: payload.error_message };
  });
  app.setErrorHandler((err: FastifyError, request, rep) => {
    if (err instanceof AppError) {
      if (err.retryAfterS !== undefined)
        void rep.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterS))));
      return rep.status(err.status).send(reply(err.code, err.message, err.field));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const { field, message } = describeValidation(err.validation, err.validationContext);
      return rep.status(400).send(reply('VALIDATION', message, field));
    }
    const pg = postgresError(err);
    if (pg?.code === '23505') {
      const code = UNIQUE_CONSTRAINTS[pg.constraint ?? ''] ?? 'STALE_MOVE';
      return rep.status(409).send(reply(code, ERRORS[code].message));
    }
    if (pg?.code === '23503') {
      // A row the write refers to is gone: deleted by another request between this one's read and its write.
      return rep.status(404).send(reply('NOT_FOUND', ERRORS.NOT_FOUND.message));
    }
    if (rolledBackByConflict(err)) {
      // Still in a deadlock or serialization failure after the transaction's own retries (db/client.ts).
      return rep.status(409).send(reply('CONCURRENT_CHANGE', MSG.concurrentChange));
    }
    if (pg?.code.startsWith('22')) {
      // A data exception (a value out of range or malformed for its column) is the caller's input.
      return rep.status(400).send(reply('VALIDATION', MSG.valueMalformed));
    }
    if (databaseUnreachable(err)) {
      request.log.warn({ err }, 'database unreachable');
      return rep.status(503).header('retry-after', '2').send(reply('UNAVAILABLE', MSG.databaseUnavailable));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'reply did not match its schema');
      return rep.status(500).send(reply('INTERNAL', MSG.generic));
    }
    if (err.statusCode === 429) {
      return rep.status(429).send(reply('RATE_LIMITED', MSG.tooManyRequests));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      const message = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? MSG.sendJson : err.message;
      return rep.status(err.statusCode).send(reply(err.code ?? 'BAD_REQUEST', message));
    }
    request.log.error({ err }, 'unhandled error');
    return rep.status(500).send(reply('INTERNAL', MSG.generic));
  });
}
