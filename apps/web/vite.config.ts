import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contractRoutes } from './contract-routes.ts';
import { mantineStyles } from './mantine-styles.ts';
import { mantineUseId } from './mantine-use-id.ts';
import { precompress } from './precompress.ts';
import { routePreloads } from './route-preloads.ts';
import { drawnLibrariesGroup, drawnPagesGroup } from './drawn-chunk.ts';

const api = 'http://127.0.0.1:3000';
/** Mantine and the libraries its components use, beyond the first load's. */
const MANTINE_PAGES =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib|@tabler)[\\/]/;

// React Router's package exports point at its development build (with its warnings) for every bundler; the
// build takes the production one it ships beside it.
const routerProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

/** In dev the API runs as its own process; the proxy keeps calls same-origin so the session cookie works. */
export default defineConfig(({ command, isSsrBuild }) => ({
  // The server's render of first screens (src/first-screen/render.tsx) is a second build, for Node: it writes
  // no preload map and no compressed copies.
  plugins: [
    react(),
    contractRoutes(),
    mantineStyles(),
    mantineUseId(),
    ...(isSsrBuild ? [] : [routePreloads(), precompress()]),
  ],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: {
    port: 5173,
    proxy: { '/api': api, '/healthz': api, '/files': api },
  },
  // One copy of every package in the server's build, so React and the libraries using it are the same instance.
  ...(isSsrBuild ? { ssr: { noExternal: true }, publicDir: false as const } : {}),
  build: isSsrBuild
    ? { sourcemap: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          output: {
            // Every chunk's name is in the first load's preload map: seven hash characters (the fewest rolldown
            // accepts for this many chunks) save bytes there.
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
            // Libraries change less often than the app; separate chunks stay cached across our releases.
            // 'mantine' and 'vendor' take only what index.html loads at once (the login, the guards, the
            // providers: tag $initial), so the first load stays within its budget (first-load-budget.ts); the
            // components and libraries of the other pages are split by rolldown with the routes that use them.
            // A group takes its modules' dependencies too, unless an earlier group already took them; so the
            // rich-text editor, the date pickers and the charts come after 'mantine' (which must not match them),
            // and stay in chunks of their own that load only with the screens importing them.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                {
                  name: 'mantine',
                  test: /node_modules[\\/](@mantine[\\/](?!tiptap[\\/]|dates[\\/]|charts[\\/])|@floating-ui|react-remove-scroll|@tabler)/,
                  tags: ['$initial'],
                },
                { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
                // The rest of Mantine in one chunk, so the groups below (which take their modules' dependencies) do not
                // take the popovers and modals the board shares with the editor. One chunk, not one per set of pages:
                // split by page, the board fetched 44 files of it (157 KB brotli); whole, it is one of 108 KB (issue 17).
                // Of it, what the drawn pages use comes in a file of its own (drawn-chunk.ts).
                { name: drawnLibrariesGroup(import.meta.dirname, MANTINE_PAGES) },
                { name: 'mantine-pages', test: MANTINE_PAGES },
                { name: 'editor', test: /node_modules[\\/](@mantine[\\/]tiptap|@tiptap|prosemirror-)/ },
                { name: 'dates', test: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/ },
                // The dashboard's graphs: recharts and its d3 parts load only with that page.
                {
                  name: 'charts',
                  test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+)[\\/]/,
                },
                // The app's own code that index.html loads, beside the entry: one file instead of five, and taken
                // before the drawn pages' group below, which must not take any of it. Without its dependencies: the
                // API contract is imported here for types and constants, but its code runs only in later pages.
                {
                  name: 'app-start',
                  test: /apps[\\/]web[\\/]src[\\/](?!main\.tsx)|packages[\\/]domain[\\/]src[\\/](?!contract[\\/])/,
                  tags: ['$initial'],
                  includeDependenciesRecursively: false,
                },
                // The rest of the shared domain package (the option lists, policies, formats) in one small file: the
                // signed-out pages take a few of its modules, the drawn pages most of them.
                {
                  name: 'domain',
                  test: /packages[\\/]domain[\\/]src[\\/](?!contract[\\/]|schemas[\\/])/,
                  includeDependenciesRecursively: false,
                },
                // The query cache's pieces the first load leaves out (a few hooks, the drawn page's hydration): one file,
                // not five of under 2 KB each.
                { name: 'query-pages', test: /node_modules[\\/]@tanstack[\\/]/ },
                // The board's and a card's own code in one file (drawn-chunk.ts).
                { name: drawnPagesGroup(import.meta.dirname), includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
}));
