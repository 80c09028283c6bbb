// A build step for the web bundle: Mantine's ids without a second render (issue 36).
import type { Plugin } from 'vite';

/**
 * Mantine's `useId` takes React's id, then swaps it for a random one in a layout effect: on a page the server
 * drew, every field, tab, checkbox and the app shell renders a second time at once after hydrating (a
 * synchronous pass of about 100 ms on a slowed phone). React's id is already unique and the same on the
 * server and the client, so the build keeps it: ids free of characters a CSS selector would need to escape.
 */
export function mantineUseId(): Plugin {
  return {
    name: 'cutroom:mantine-use-id',
    apply: 'build',
    load: {
      filter: { id: /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/ },
      handler: () => `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^\\w-]/g, '');
}
`,
    },
  };
}
