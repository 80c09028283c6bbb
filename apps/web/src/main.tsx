import './lib/zod-jitless';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { FIRST_SCREEN_STATE_ID } from './first-screen/state-id';
import { createQueryClient } from './lib/query-client';
import { shareQueryTimers } from './lib/query-timers';
import { meQuery } from './lib/session';

// The build gives each Mantine component its styles (mantine-styles.ts); dev serves Mantine pre-bundled.
if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');

shareQueryTimers();
const queryClient = createQueryClient();
const app = (router: DataRouter) => (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/** The page drawn by the client, as every page but a board the server drew. */
function draw() {
  // Who is signed in is asked at once, alongside the first route's code, not after it has loaded.
  void queryClient.prefetchQuery(meQuery);
  const router = createRouter(queryClient);
  // A transition: React renders the first screen in short slices instead of one long task, and the page's
  // placeholder (index.html) stays until it is ready.
  startTransition(() => createRoot(root!).render(app(router)));
}

// A board the server drew comes with the data it was drawn from (issue 36); its code loads only then.
if (document.getElementById(FIRST_SCREEN_STATE_ID)) {
  void import('./first-screen/hydrate').then(async ({ hydratePage }) => {
    if (!(await hydratePage(root, queryClient, app))) draw();
  });
} else draw();
