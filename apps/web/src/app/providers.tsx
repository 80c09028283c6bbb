import { Suspense, lazy, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TOAST_MS } from '@cutroom/domain';
import { onUnauthorized } from '../lib/api-client';
import { toastsAsked } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { signOutLocally } from '../lib/session';
import { cssVariables, theme } from './theme';

/** Loaded with the first toast (lib/notify.ts says why). */
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own so each starts with an empty cache. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals, so tests see the result at once. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient: given, env = 'default' }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());

  // Any 401 means the session is gone: forget the user, and the route guards take over.
  useEffect(() => onUnauthorized(() => signOutLocally(queryClient)), [queryClient]);
  const toasts = useSyncExternalStore(toastsAsked.subscribe, toastsAsked.get, () => false);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* Spec 000 §8: top right, 3 s, closable by click, paused on hover, draggable. */}
        {toasts && (
          <Suspense fallback={null}>
            <ToastContainer position="top-right" autoClose={TOAST_MS} closeOnClick pauseOnHover draggable newestOnTop />
          </Suspense>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
