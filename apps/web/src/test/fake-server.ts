import { vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@cutroom/domain';

export interface Reply {
  status?: number;
  body?: unknown;
}
/** Gets the parsed body and the whole URL (for a route that answers by its query). */
type Handler = (body: unknown, url: URL) => Reply | Promise<Reply>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  /** Whether the browser held the signed-in hint cookie when the call was made. */
  signedInHint: boolean;
}

/** The readable cookie the real server sets beside the session cookie (the app asks /api/me only with it). */
export function setSignedInHint(on: boolean) {
  document.cookie = on ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/` : `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/`;
}

/**
 * Stands in for the API process: the only thing tests replace is `fetch`. Routes are
 * 'METHOD /path'; anything unrouted answers 404 like the real server. Like it, the server keeps the
 * signed-in hint cookie: held from the start when /api/me is routed (unless `signedInHint` says
 * otherwise), set by a login, cleared by a logout or a 401.
 */
export function fakeServer(
  routes: Record<string, Reply | Handler>,
  { signedInHint = 'GET /api/me' in routes }: { signedInHint?: boolean } = {},
) {
  setSignedInHint(signedInHint);
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      signedInHint: document.cookie.split(/;\s*/).some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`)),
    });
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route(body, url) : (route ?? notFound);
    const status = reply.status ?? 200;
    if (status === 401 || `${method} ${url.pathname}` === 'POST /api/logout') setSignedInHint(false);
    else if (`${method} ${url.pathname}` === 'POST /api/login' && status < 300) setSignedInHint(true);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

const notFound: Reply = { status: 404, body: { error_message: 'Not found', code: 'NOT_FOUND' } };

export const unauthorized: Reply = { status: 401, body: { error_message: 'Not logged in', code: 'UNAUTHENTICATED' } };

/** A reply the test releases when it wants, to look at the page while a call is in flight. */
export function deferred() {
  let release: (reply: Reply) => void = () => {};
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}
