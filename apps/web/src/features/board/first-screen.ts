import { useDeferredValue } from 'react';
import { isServerFirstScreen } from '../../lib/hydrating';

/** A tile's usual height and a column's width with its gap (board.module.css): what one screen holds. */
const TILE_PX = 110;
const COLUMN_PX = 252;
const NONE: never[] = [];

/**
 * The tiles a column draws now. The board's first paint waited for every column's tiles (issue 17: on
 * Lighthouse's slowed phone, seconds of main thread before the first tile showed); now the columns on the
 * first screen draw the tiles in sight at once, and the rest come in a deferred render, which React
 * splits into short tasks. Later changes (a refetch, a live event) show once their deferred render is done.
 */
export function useShownTiles<T>(cards: T[], columnIndex: number): { shown: T[]; drawing: boolean } {
  // A page the server drew shows every tile it sent: hydration must find what the server wrote.
  const later = useDeferredValue(cards, isServerFirstScreen() ? cards : NONE);
  if (later === cards || later.length > 0) return { shown: later, drawing: false };
  const onFirstScreen = typeof window !== 'undefined' && columnIndex * COLUMN_PX < window.innerWidth;
  if (!onFirstScreen) return { shown: NONE, drawing: cards.length > 0 };
  return { shown: cards.slice(0, Math.ceil(window.innerHeight / TILE_PX)), drawing: false };
}
