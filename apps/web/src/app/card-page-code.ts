// The card page's code, each part imported once (issue 36). The board asks for it when idle; a tap's navigation
// then awaits a settled promise, where a new import() of a loaded module waits for a task of its own (60–80 ms on
// a mid-range phone), delays the card's call and makes the router draw a loading state before the page.
const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
};

/** The card route's loader work (card-loader.ts). */
export const loadCardLoader = once(() => import('./card-loader'));
/** The card page's component and its header; its body comes after (card-detail-view.tsx). */
export const loadCardRoute = once(() => import('../features/card-details/route'));
