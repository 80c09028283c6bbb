import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createRoutes } from './routes';

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));

/**
 * The router of a page the server drew (first-screen/render.tsx): the lazy routes it matched load first, so
 * the router's first render is the server's page and not their loading placeholder.
 */
export async function createHydratingRouter(queryClient: QueryClient, hydrationData: HydrationState) {
  const routes = createRoutes(queryClient);
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes, { hydrationData });
}
