import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link to the files origin works; rounded up so a browser can cache it a while. */
const LIFETIME_S = 15 * 60;
const ROUND_S = 5 * 60;

/**
 * Signed, short-lived links for FILES_ORIGIN: the files origin has no session (the app's cookie
 * doesn't reach it), so the link itself carries the right to read one key.
 */
export function fileLinks(secret: string) {
  const signature = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    link(origin: string, key: string, nowMs = Date.now()): string {
      const expires = Math.ceil((nowMs / 1000 + LIFETIME_S) / ROUND_S) * ROUND_S;
      return `${origin}/files/${key}?expires=${expires}&sig=${signature(key, expires)}`;
    },
    /** Whether a link's signature is ours for this key and it hasn't expired. */
    valid(key: string, expires: number, sig: string, nowMs = Date.now()): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
      const expected = Buffer.from(signature(key, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
