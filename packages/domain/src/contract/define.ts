import type { z } from 'zod';
import type { Role } from '../roles.js';

/** Who may call a route: anyone, any signed-in user, or these roles (others get 403). */
export type Access = 'public' | 'user' | readonly Role[];

/**
 * One endpoint, declared once: the server registers it from this, the web calls it through it,
 * the page guards and the authorization test read its access.
 */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart upload: the body is a form, read by the handler. */
  multipart?: true;
  reply: z.ZodType;
  /** The success status, 200 unless the call creates something. */
  status?: 200 | 201;
  /** Error replies also carry their text under this name (spec 002 §7: update-leave's errors carry `error`). */
  errorAlias?: 'error';
  /** Callable while the caller's password is temporary; other writes answer 403 PASSWORD_CHANGE_REQUIRED. */
  whileTemporaryPassword?: true;
}

export const defineRoute = <const R extends RouteContract>(route: R): R => route;

type Schema<R, K extends string> = R extends { [k in K]: infer S extends z.ZodType } ? S : undefined;
/** A part that may be left out when its schema accepts undefined. */
type Part<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [k in K]?: z.input<S> }
    : { [k in K]: z.input<S> }
  : { [k in K]?: never };

/** What a caller sends: path params, query and body as the schemas accept them. */
export type CallInput<R extends RouteContract> = Part<'params', Schema<R, 'params'>> &
  Part<'query', Schema<R, 'query'>> &
  Part<'body', Schema<R, 'body'>> &
  (R extends { multipart: true } ? { form: FormData } : { form?: never });

/** What the handler receives once the schemas have parsed the request. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
export interface HandlerInput<R extends RouteContract> {
  params: Parsed<Schema<R, 'params'>>;
  query: Parsed<Schema<R, 'query'>>;
  body: Parsed<Schema<R, 'body'>>;
}

/** The reply as the server sends it and the client reads it. */
export type ReplyOf<R extends RouteContract> = z.output<R['reply']>;
/** What a handler may return: the reply schema's input, which the serializer turns into the reply. */
export type ReplyInput<R extends RouteContract> = z.input<R['reply']>;

/** `/api/card/:id/move` with `{ id: 5 }` → `/api/card/5/move`. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
