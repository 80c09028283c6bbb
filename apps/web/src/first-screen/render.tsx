// The server's render of a signed-in page's first screen (issue 36): the board or a card as HTML with the
// data it shows, so the phone paints it before the app's code has run; the client then hydrates it (main.tsx).
// Built on its own for Node (vite build --ssr) and loaded by the server (apps/server/src/platform/first-screen.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FirstScreen, FirstScreenInput } from '@cutroom/domain';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/routes';
import { backgroundLoads } from '../app/background-loads';
import { EVENT_CURSOR_HEADER } from '@cutroom/domain';
import { setApiTransport } from '../lib/api-client';
import { covers } from '../lib/event-cursor';
import { setServerOrigin } from '../lib/page-origin';
import { setServerPhoneGuess } from '../lib/phone-layout';
import { setServerSanitizer } from '../lib/safe-html';
import { onLocalRead, type LocalKey } from '../lib/storage';
import { createQueryClient } from '../lib/query-client';
import { meQuery, mustVisitProfile } from '../lib/session';
import { FIRST_SCREEN_STATE_ID, type FirstScreenState } from './state';

interface Render {
  /** The render's way to the API, with its visitor's cookies. */
  call: typeof fetch;
  /** The stored preferences the page read, as the cookie mirror answered them. */
  read: Partial<Record<LocalKey, string | null>>;
  stored: Record<string, string>;
  origin: string;
  phone: boolean;
  sanitize: (html: string) => string;
}
/** Renders of several visitors interleave: each finds its own. */
const renders = new AsyncLocalStorage<Render>();
setApiTransport((input, init) => {
  const render = renders.getStore();
  if (!render) return Promise.reject(new Error('an API call outside a first-screen render'));
  return render.call(input, init);
});
onLocalRead((key) => {
  const render = renders.getStore();
  if (!render) return null;
  const value = Object.hasOwn(render.stored, key) ? render.stored[key]! : null;
  render.read[key] = value;
  return value;
});
setServerOrigin(() => renders.getStore()?.origin ?? '');
setServerPhoneGuess(() => renders.getStore()?.phone ?? false);
setServerSanitizer((html) => {
  const render = renders.getStore();
  if (!render) throw new Error('rich text outside a first-screen render');
  return render.sanitize(html);
});

const settled = (queryClient: ReturnType<typeof createQueryClient>) =>
  backgroundLoads.size === 0 && queryClient.isFetching() === 0;

/** Waits for the route loaders' background work and every call it started; false when time runs out. */
async function dataLoaded(queryClient: ReturnType<typeof createQueryClient>, deadline: number) {
  // A loader's work starts calls once the page's code is in: settled twice in a row means nothing is coming.
  let quiet = 0;
  while (Date.now() < deadline) {
    await Promise.all([...backgroundLoads]);
    await new Promise((r) => setTimeout(r, 2));
    quiet = settled(queryClient) ? quiet + 1 : 0;
    if (quiet >= 2) return true;
  }
  return false;
}

/** The prelude is a Node stream (its type says a web one). */
async function text(stream: unknown): Promise<string> {
  let out = '';
  for await (const chunk of stream as AsyncIterable<unknown>)
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return out;
}

/** The first screen of a signed-in page, or null when the plain page should go (no session, a redirect, too slow). */
export function renderFirstScreen({
  url,
  origin,
  call,
  timeoutMs,
  phone,
  sanitize,
  stored,
}: FirstScreenInput): Promise<FirstScreen | null> {
  // Where the event stream stood before the oldest call read: the client's stream replays from there.
  let cursor = '';
  const noting: typeof fetch = async (input, init) => {
    const response = await call(input, init);
    const at = response.headers.get(EVENT_CURSOR_HEADER);
    if (at && (!cursor || covers(at, cursor))) cursor = at;
    return response;
  };
  const read: Partial<Record<LocalKey, string | null>> = {};
  return renders.run({ call: noting, read, stored, origin, phone, sanitize }, async () => {
    const deadline = Date.now() + timeoutMs;
    // '?cardId=' sends the board on to a card's page: nothing of the board would show.
    const params = new URL(url, origin).searchParams;
    if (params.has('cardId') || params.has('card_id')) return null;
    const queryClient = createQueryClient();
    const user = await queryClient.fetchQuery(meQuery).catch(() => null);
    if (!user || mustVisitProfile(user)) return null;
    const handler = createStaticHandler(createRoutes(queryClient));
    const context = await handler.query(new Request(new URL(url, origin)));
    if (context instanceof Response) return null;
    if (!(await dataLoaded(queryClient, deadline))) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    // A part that fails on the server would be drawn by the client over it: then the plain page is better.
    const failures: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
      // Every boundary inline: React would move a large one to the end with a script to show it, which the
      // page's content security policy (script-src 'self') refuses, and the screen is one piece anyway.
      { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void failures.push(error) },
    );
    const html = await text(prelude);
    if (failures.length > 0) throw failures[0];
    const state: FirstScreenState = {
      queries: dehydrate(queryClient),
      cursor,
      storageRead: read,
      phone,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    };
    // '<' escaped, so no text in the data can close the script.
    const json = JSON.stringify(state).replace(/</g, '\\u003c');
    return { html, state: `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json}</script>` };
  });
}
