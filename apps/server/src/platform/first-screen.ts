import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { SCREEN_PREFS_COOKIE, SCREEN_PREFS_MAX_CHARS, likelyPhone } from '@cutroom/domain';
import type { FirstScreen, FirstScreenRenderer } from '@cutroom/domain';
import { sanitizeRichText } from './rich-text.js';

/** Where the web build puts its server render (apps/web's `vite build --ssr`). */
export const FIRST_SCREEN_MODULE = path.join('server', 'render.js');

const oneHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The browser's mirrored board preferences (web lib/storage.ts), or none: the cookie is the visitor's to write,
 * so anything but a small object of strings counts as nothing stored. They only choose what the visitor's own
 * calls ask, as the browser would.
 */
export function storedPreferences(cookie: string | undefined): Record<string, string> {
  if (!cookie || cookie.length > SCREEN_PREFS_MAX_CHARS) return {};
  for (const text of [cookie, safeDecode(cookie)]) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
      const entries = Object.entries(value);
      return entries.every(([, v]) => typeof v === 'string') ? Object.fromEntries(entries) : {};
    } catch {
      /* the other spelling, or nothing */
    }
  }
  return {};
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

/** A Response from an injected reply, for the render's API client. */
function responseOf(reply: Awaited<ReturnType<FastifyInstance['inject']>>): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers))
    if (value !== undefined) for (const v of [value].flat()) headers.append(name, String(v));
  const empty = reply.statusCode === 204 || reply.statusCode === 304;
  return new Response(empty ? null : reply.rawPayload, { status: reply.statusCode, headers });
}

/** A first screen and whether it was drawn for a phone (its app then starts on the first touch, drawn-page.ts). */
export type DrawnFirstScreen = FirstScreen & { phone: boolean };

/**
 * The first screen of the board or a card, drawn by the web app's own components on the server (issue 36), or
 * null for the plain page (no build of it, no session, a failure, too slow). The page's calls go through the
 * server's routes in-process, as the visitor: same authorization, same replies as the browser would get.
 */
/**
 * Past `timeoutMs` (config FIRST_SCREEN_MS) the visitor gets the plain page: a slow render must not delay the page
 * it speeds up.
 */
export function firstScreenRenderer(app: FastifyInstance, distDir: string, timeoutMs: number) {
  const file = path.join(distDir, FIRST_SCREEN_MODULE);
  let loaded: Promise<FirstScreenRenderer | null> | undefined;
  const load = () =>
    (loaded ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FirstScreenRenderer>).catch((error: unknown) => {
          app.log.error({ err: error }, 'the first-screen render did not load; pages go without it');
          return null;
        })
      : Promise.resolve(null));

  // Loaded with the server, so the first visitor's page does not wait for it.
  void load();
  return async (request: FastifyRequest): Promise<DrawnFirstScreen | null> => {
    const render = await load();
    if (!render) return null;
    const phone = likelyPhone(oneHeader(request.headers['sec-ch-ua-mobile']), request.headers['user-agent']);
    const call: typeof fetch = async (input, init) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const reply = await app.inject({
        method: (init?.method ?? 'GET') as InjectOptions['method'],
        // The app's calls name a path (lib/api-client.ts).
        url: typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url,
        headers: {
          ...headers,
          cookie: request.headers.cookie ?? '',
          'user-agent': request.headers['user-agent'] ?? '',
        },
        remoteAddress: request.ip,
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      return responseOf(reply);
    };
    try {
      const drawn = await render.renderFirstScreen({
        url: request.url,
        origin: `${request.protocol}://${request.host}`,
        call,
        timeoutMs,
        phone,
        // Rich text (today's banner) as the browser's lib/safe-html.ts keeps it: the same allow-list.
        sanitize: (html) => sanitizeRichText(html) ?? '',
        stored: storedPreferences(request.cookies[SCREEN_PREFS_COOKIE]),
      });
      return drawn && { ...drawn, phone };
    } catch (error) {
      request.log.warn({ err: error }, 'first screen not drawn; the plain page goes');
      return null;
    }
  };
}
