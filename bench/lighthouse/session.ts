// Signing in as the web app does, so Lighthouse loads the signed-in pages.
import { BOARD_COLUMNS } from '@cutroom/domain';
import { SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../apps/server/src/platform/auth.js';

const DEMO_PASSWORD = 'cutroom-demo';

/** The session cookie ("name=value") of a demo account, logged in the way the browser logs in. */
export async function signIn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
    body: JSON.stringify({ useremail: email, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!res.ok || !cookie) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0]!;
}

/** The first card on this user's board, for the card page. */
export async function firstCardId(origin: string, cookie: string): Promise<number> {
  const res = await fetch(`${origin}/api/getCards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
    body: '{}',
  });
  if (!res.ok) throw new Error(`getCards failed: ${res.status} ${await res.text()}`);
  const reply = (await res.json()) as Record<string, { card_id: number }[] | undefined>;
  for (const column of BOARD_COLUMNS) {
    const card = reply[column.replyKey]?.[0];
    if (card) return card.card_id;
  }
  throw new Error('the demo board has no card');
}
