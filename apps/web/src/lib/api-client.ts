import { CLOCK_TIME_ZONE, EVENT_CURSOR_HEADER, MSG, TAB_HEADER, type ErrorReply } from '@cutroom/domain';
import { noteReplyCursor } from './event-cursor';
import { TAB_ID } from './tab-id';

/** A failed call, typed so features can branch on status and code and show the server's text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The user-facing text of any error: the server's message when it sent one, else the generic one. */
export const errorMessage = (error: unknown): string => (isApiError(error) ? error.message : MSG.generic);

/** A failed action's toast: the server's refusal (4xx) explains itself; a crash or lost connection gets the action's own text. */
export const failureMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.status < 500 ? error.message : fallback;

/** The browser's IANA zone: what a profile's time zone detects. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** The session layer subscribes here so any 401, from any call, signs the user out in one place. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** A live stream said its session ended (logout elsewhere, password change): sign out as a 401 would. */
export function signalSessionEnded() {
  const error = new ApiError(401, 'UNAUTHENTICATED', MSG.notLoggedIn);
  unauthorizedListeners.forEach((listener) => listener(error));
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 that is an answer rather than a lost session (wrong password, probing /api/me). */
  expectUnauthorized?: boolean;
}

const isErrorReply = (value: unknown): value is ErrorReply =>
  typeof value === 'object' && value !== null && typeof (value as ErrorReply).error_message === 'string';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How a call reaches the API: the browser's fetch; the server's render of a first screen answers it itself. */
let transport: typeof fetch | undefined;
export const setApiTransport = (use: typeof fetch) => {
  transport = use;
};

/** Calls the API with the web client's headers and cookie session; throws ApiError on any failure. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'cutroom-web',
    // Ranges and days are read in the portal's zone, as every time is shown (issue 33: one rule).
    'user-time-zone': CLOCK_TIME_ZONE,
    [TAB_HEADER]: TAB_ID,
  };
  // A FormData body (file uploads) sets its own multipart boundary; everything else travels as JSON.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await (import.meta.env.SSR && transport ? transport : fetch)(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', MSG.generic);
  }

  noteReplyCursor(response.headers.get(EVENT_CURSOR_HEADER));
  const data = await readJson(response);
  if (response.ok) return data as T;

  const error = isErrorReply(data)
    ? new ApiError(response.status, data.code, data.error_message, data.field)
    : new ApiError(response.status, 'HTTP_' + response.status, response.status === 404 ? MSG.notFound : MSG.generic);
  if (response.status === 401 && !options.expectUnauthorized) {
    unauthorizedListeners.forEach((listener) => listener(error));
  }
  throw error;
}
