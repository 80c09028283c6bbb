import { Suspense, type ReactNode } from 'react';

/**
 * A part of a page the server drew that React hydrates, and commits, apart from the rest (issue 36): the
 * page's shell first, then each slice in its own tasks, instead of every effect of the page in one long task
 * on a phone. Nothing in a slice suspends on the client, so it draws as its children always did.
 */
export const HydrationSlice = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={null}>{children}</Suspense>
);
