import './lib/zod-jitless';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { meQuery } from './lib/session';

// The build gives each Mantine component its styles (mantine-styles.ts); dev serves Mantine pre-bundled.
if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');

// Who is signed in is asked at once, alongside the first route's code, not after it has loaded.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(meQuery);
const router = createRouter(queryClient);

// A transition: React renders the first screen in short slices instead of one long task, and the page's
// placeholder (index.html) stays until it is ready.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
