// The client's side of a page the server drew (render.tsx): loaded only then, so the first load of every
// other page stays within its budget (first-load-budget.ts).
import { startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createRoutes } from '../app/routes';
import { noteReplyCursor } from '../lib/event-cursor';
import { setServerPhoneGuess } from '../lib/phone-layout';
import { setServerFirstScreen, type DrawnPage } from '../lib/hydrating';
import { endHydrationTurns, startHydrationTurns } from '../lib/hydration-turns';
import { drawsAsServed, readFirstScreenState } from './state';

/** A new task for the next step of the takeover: a phone's browser paints, or takes a tap, between them. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Takes the drawn page over, unless this browser's stored preferences would draw another board (false: the
 * caller draws its own over the server's). Its data goes into the cache, the lazy routes the address matches load first (so
 * the router's first render is the server's page, not their placeholder), and React hydrates in a transition
 * (in slices, replaying a click on a part not yet live).
 */
export async function hydratePage(
  root: HTMLElement,
  queryClient: QueryClient,
  app: (router: DataRouter) => ReactNode,
): Promise<boolean> {
  const served = readFirstScreenState();
  if (!served || !drawsAsServed(served)) return false;
  hydrate(queryClient, served.queries);
  noteReplyCursor(served.cursor || null);
  setServerPhoneGuess(() => served.phone === true);
  setServerFirstScreen(true);
  const routes = createRoutes(queryClient);
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<{ Component?: { type?: DrawnPage } }>)();
      // A page drawing a part of its own code (the card's body) has it in before hydrating, so it is live at once.
      await loaded.Component?.type?.beforeHydration?.();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  // Running the pages' code, making the router and starting React's hydration were one task of 40–200 ms at full speed.
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: served.router });
  // The next page is the client's own.
  const stop = router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key !== 'default') {
      setServerFirstScreen(false);
      endHydrationTurns();
      stop();
    }
  });
  await nextTask();
  startHydrationTurns();
  startTransition(() => {
    hydrateRoot(root, app(router), {
      // React draws a part again when it differs from the server's: worth knowing, never an error for the visitor.
      onRecoverableError: (error, info) =>
        console.warn('The page differed from the server-drawn one and was drawn again:', error, info.componentStack),
    });
  });
  return true;
}
