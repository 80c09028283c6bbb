import type { CardTileReply } from '@cutroom/domain/schemas';

/** What one page hands the next through history state (e.g. where to go after login). */
export interface RouteState {
  from?: { pathname: string; search?: string; hash?: string };
  notice?: string;
  /** The tile a card was opened from: its page shows the header from it while the card's call is out (issue 36). */
  tile?: CardTileReply;
}

export function readRouteState(state: unknown): RouteState {
  return typeof state === 'object' && state !== null ? state : {};
}

/** The remembered location as a path, refusing anything that isn't a same-site path. */
export function returnPath(state: unknown, fallback = '/'): string {
  const from = readRouteState(state).from;
  if (!from?.pathname?.startsWith('/') || from.pathname.startsWith('//')) return fallback;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
