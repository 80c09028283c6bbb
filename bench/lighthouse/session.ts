// Signing in as the web app does, so Lighthouse loads the signed-in pages.
import { BOARD_COLUMNS, DRAWN_PAGE_MARK } from '@cutroom/domain';
import { throttling } from 'lighthouse/core/config/constants.js';
import { SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../apps/server/src/platform/auth.js';

const DEMO_PASSWORD = 'cutroom-demo';

/** Lighthouse's phone network (150 ms round trip, 1,638.4 kbit/s down) for Chromium's own throttling; 750 kbit/s up. */
/** A bench's filter from a comma-separated variable (LIGHTHOUSE_PAGES='admin board,login'): unset keeps every name. */
export const only = (env: string | undefined) => (name: string) =>
  !env || env.split(',').some((n) => n.trim() === name);

/**
 * In the page: a touch on no control, which starts the app of a page drawn for a phone (issue 55), as a visitor's
 * first touch to scroll would; nothing on a page the app already runs.
 */
export const FIRST_TOUCH = `document.getElementById('root')?.hasAttribute('${DRAWN_PAGE_MARK}') && document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))`;

export const PHONE_NETWORK = {
  offline: false,
  latency: throttling.mobileSlow4G.rttMs,
  downloadThroughput: (throttling.mobileSlow4G.throughputKbps * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export interface SessionCookie {
  name: string;
  value: string;
}

/** The cookies a demo account's login sets (the session and its signed-in hint), logged in as the browser does. */
export async function signIn(origin: string, email: string): Promise<SessionCookie[]> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
    body: JSON.stringify({ useremail: email, password: DEMO_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((line) => {
    const [name, ...value] = line.split(';')[0]!.split('=');
    return { name: name!, value: value.join('=') };
  });
  if (!res.ok || !cookies.some((c) => c.name === SESSION_COOKIE)) {
    throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  }
  return cookies;
}

/** A JSON call as the web app makes it, with these session cookies (a POST sends `{}`). */
export async function callAs<T>(origin: string, cookies: SessionCookie[], method: 'GET' | 'POST', path: string) {
  const res = await fetch(origin + path, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE,
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The first card on this user's board, for the card page. */
export async function firstCardId(origin: string, cookies: SessionCookie[]): Promise<number> {
  const reply = await callAs<Record<string, { card_id: number }[] | undefined>>(
    origin,
    cookies,
    'POST',
    '/api/getCards',
  );
  for (const column of BOARD_COLUMNS) {
    const card = reply[column.replyKey]?.[0];
    if (card) return card.card_id;
  }
  throw new Error('the demo board has no card');
}

export interface SignedInPage {
  page: 'admin board' | 'admin card' | 'customer board' | 'customer card';
  path: string;
  cookies: SessionCookie[];
}

/** The pages the phone benchmarks measure: the board and a card page, as the admin and as a customer. */
export async function signedInPages(origin: string): Promise<SignedInPage[]> {
  const admin = await signIn(origin, 'admin@cutroom.demo');
  const customer = await signIn(origin, 'customer@cutroom.demo');
  return [
    { page: 'admin board', path: '/', cookies: admin },
    { page: 'admin card', path: `/card-details/${await firstCardId(origin, admin)}`, cookies: admin },
    { page: 'customer board', path: '/', cookies: customer },
    { page: 'customer card', path: `/card-details/${await firstCardId(origin, customer)}`, cookies: customer },
  ];
}
