import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  MSG,
  ROUTE_PRELOADS_FILE,
  SIGNED_IN_HINT_COOKIE,
  type PreloadedPage,
  type RoutePreloads,
} from '@cutroom/domain';
import { SESSION_COOKIE, makePublic } from './auth.js';
import { FIRST_SCREEN_MODULE, firstScreenRenderer } from './first-screen.js';
import { drawnPage } from './drawn-page.js';

/** The card a card page's address names, or null for any other page. */
const cardOf = (url: string): number | null => {
  const id = /^\/card-details\/(\d+)\/?$/.exec(url.split('?')[0]!)?.[1];
  return id ? Number(id) : null;
};

/** The signed-in pages whose files are worth naming in the HTML: the board and a card, the pages people open most. */
function pageOf(url: string): PreloadedPage | null {
  if (url.split('?')[0] === '/') return 'home';
  return cardOf(url) === null ? null : 'card';
}

const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

interface PageFiles {
  js: string[];
  css: string[];
  /** The other preloaded pages' files this one lacks: fetched when the page is idle, so a tap opens them at once. */
  later: string[];
}

/** The files of a page's route that start with the first load, for a visitor who says they are signed in. */
async function routeFiles(distDir: string, request: FastifyRequest): Promise<PageFiles> {
  const none = { js: [], css: [], later: [] };
  const page = pageOf(request.url);
  // Signed out, the app goes to /login: the board's files would be bytes for nothing.
  if (!page || request.cookies[SIGNED_IN_HINT_COOKIE] === undefined) return none;
  let all: Partial<RoutePreloads>;
  try {
    all = JSON.parse(await fs.promises.readFile(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8')) as typeof all;
  } catch {
    return none;
  }
  const files = all[page];
  if (!files) return none;
  const own = new Set([...files.js, ...files.css]);
  const later = Object.entries(all).flatMap(([other, f]) => (other === page || !f ? [] : [...f.js, ...f.css]));
  return {
    js: files.js.filter((f) => ASSET.test(f)),
    css: files.css.filter((f) => ASSET.test(f)),
    later: [...new Set(later)].filter((f) => ASSET.test(f) && !own.has(f)),
  };
}

/** Serves the built web app; any other GET outside /api answers index.html for the client router. */
export async function registerWebApp(app: FastifyInstance, distDir: string, firstScreenMs = 0) {
  const index = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(index);
  if (hasBuild) {
    app.addHook('onRoute', makePublic);
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      // The page itself is written below, with the links of the files its route needs.
      index: false,
      // The build writes file.br and file.gz beside each text file (apps/web/precompress.ts); the one the
      // browser accepts is sent as is, with Vary: Accept-Encoding, so replies are never compressed per request.
      preCompressed: true,
      // The server's render of first screens is the server's code, not a file to download.
      allowedPath: (pathName) => !pathName.startsWith(`/${path.dirname(FIRST_SCREEN_MODULE)}/`),
      setHeaders(res, file) {
        // Vite fingerprints assets (and their .br/.gz copies), so they can be cached for good; index.html never.
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const drawFirstScreen = firstScreenMs > 0 ? firstScreenRenderer(app, distDir, firstScreenMs) : async () => null;
  /** index.html, with the links of the files the page's route needs, and the board's or a card's first screen. */
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await fs.promises.readFile(index, 'utf8');
    const drawn =
      pageOf(request.url) !== null && request.cookies[SESSION_COOKIE] !== undefined
        ? await drawFirstScreen(request)
        : null;
    const files = await routeFiles(distDir, request);
    // Crossorigin as the app's own module scripts and Vite's style links are, so the browser reuses the fetch.
    // A drawn page needs its style sheets before it paints; its scripts start after (drawn-page.ts).
    const links = drawn
      ? files.css.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`)
      : [
          ...files.css.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
          ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
        ];
    const out = html.replace('</head>', () => `${links.join('')}</head>`);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(drawn ? drawnPage(out, drawn, files.js, files.later, cardOf(request.url)) : out);
  };
  // The static files' wildcard would refuse '/' as a folder; the page is not part of the API's document.
  if (hasBuild) app.get('/', { schema: { hide: true } }, page);
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && request.headers.accept?.includes('text/html');
    if (isPage && hasBuild) return page(request, reply);
    return reply.status(404).send({ error_message: MSG.notFound, code: 'NOT_FOUND' });
  });
}
