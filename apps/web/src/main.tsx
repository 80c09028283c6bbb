import './lib/zod-jitless';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { createHydratingRouter, createRouter } from './app/router';
import { drawsAsServed, readFirstScreenState } from './first-screen/state';
import { setServerFirstScreen } from './first-screen/hydrating';
import { createQueryClient } from './lib/query-client';
import { noteReplyCursor } from './lib/event-cursor';
import { meQuery } from './lib/session';

// The build gives each Mantine component its styles (mantine-styles.ts); dev serves Mantine pre-bundled.
if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');

const queryClient = createQueryClient();
// A board or card page the server drew comes with the data it was drawn from (issue 36).
const served = readFirstScreenState();
if (served) {
  hydrate(queryClient, served.queries);
  noteReplyCursor(served.cursor || null);
}
// Who is signed in is asked at once, alongside the first route's code, not after it has loaded.
else void queryClient.prefetchQuery(meQuery);

const app = (router: Awaited<ReturnType<typeof createHydratingRouter>>) => (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (served && drawsAsServed(served)) {
  setServerFirstScreen(true);
  const router = await createHydratingRouter(queryClient, served.router);
  // The next page is the client's own.
  const stop = router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key !== 'default') {
      setServerFirstScreen(false);
      stop();
    }
  });
  // A transition: React hydrates in short slices, and a click on the drawn page is replayed once its part is live.
  startTransition(() => {
    hydrateRoot(root, app(router), {
      // React draws a part again when it differs from the server's: worth knowing, never an error for the visitor.
      onRecoverableError: (error, info) =>
        console.warn('The page differed from the server-drawn one and was drawn again:', error, info.componentStack),
    });
  });
} else {
  // A page drawn by the server with other preferences is drawn again, over it.
  const router = createRouter(queryClient);
  // A transition: React renders the first screen in short slices instead of one long task, and the page's
  // placeholder (index.html) stays until it is ready.
  startTransition(() => createRoot(root).render(app(router)));
}
