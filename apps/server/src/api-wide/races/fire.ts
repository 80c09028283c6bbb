import type { LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';

/** How many requests each race fires at once. */
export const RACERS = 20;

/** Starts `n` requests together and waits for all, so they overlap on the server. */
export const fireAtOnce = <T = Response>(make: (i: number) => Promise<T>, n = RACERS) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

/** Status codes of the replies, asserting first that none is a 5xx (a lost race must be a 4xx). */
export function statusesOf(replies: Response[]): number[] {
  const codes = replies.map((r) => r.statusCode);
  expect(
    codes.filter((c) => c >= 500),
    replies.find((r) => r.statusCode >= 500)?.body,
  ).toEqual([]);
  return codes;
}

/** Indexes of the replies with a 2xx status. */
export const winners = (replies: Response[]) =>
  replies.flatMap((r, i) => (r.statusCode >= 200 && r.statusCode < 300 ? [i] : []));

/** The error codes (`code`) of the 4xx replies, counted, e.g. `{ STALE_MOVE: 19 }`. */
export function errorCodes(replies: Response[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const r of replies) {
    if (r.statusCode < 400) continue;
    const code = String(r.json<{ code?: unknown }>().code);
    tally[code] = (tally[code] ?? 0) + 1;
  }
  return tally;
}
