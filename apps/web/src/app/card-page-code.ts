// The card page's code, each part imported once (issue 36). The board asks for it when idle; a tap's navigation
// then awaits a settled promise, where a new import() of a loaded module waits for a task of its own (60–80 ms on
// a mid-range phone), delays the card's call and makes the router draw a loading state before the page.
import { importOnce } from '../lib/import-once';

/** The card route's loader work (card-loader.ts). */
export const loadCardLoader = importOnce(() => import('./card-loader'));
/** The card page's component and its header; its body comes after (card-detail-view.tsx). */
export const loadCardRoute = importOnce(() => import('../features/card-details/route'));
