import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { domainImports } from './domain-imports';
import { mantineStyles } from './mantine-styles';
import { precompress } from './precompress';

const api = 'http://127.0.0.1:3000';

// React Router's package exports point at its development build (with its warnings) for every bundler; the
// build takes the production one it ships beside it.
const routerProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

/** In dev the API runs as its own process; the proxy keeps calls same-origin so the session cookie works. */
export default defineConfig(({ command }) => ({
  plugins: [react(), domainImports(), mantineStyles(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: {
    port: 5173,
    proxy: { '/api': api, '/healthz': api, '/files': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Every chunk's name is in the first load's preload map: the page-split Mantine chunks (named after
        // every page importing them) are written short.
        // Seven hash characters (the fewest rolldown accepts for this many chunks) save bytes there too.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('mantine-pages') ? 'assets/mantine-pages-[hash:7].js' : 'assets/[name]-[hash:7].js',
        assetFileNames: (asset) =>
          (asset.names[0] ?? '').startsWith('mantine-pages')
            ? 'assets/mantine-pages-[hash:7][extname]'
            : 'assets/[name]-[hash:7][extname]',
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
            // The rest of Mantine, grouped by the pages that use each part, so the groups below (which take their
            // modules' dependencies) no longer take the popovers and modals the board shares with the editor.
            {
              name: 'mantine-pages',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib|@tabler)[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 8_000,
            },
            { name: 'editor', test: /node_modules[\\/](@mantine[\\/]tiptap|@tiptap|prosemirror-)/ },
            { name: 'dates', test: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/ },
            // The dashboard's graphs: recharts and its d3 parts load only with that page.
            { name: 'charts', test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+)[\\/]/ },
          ],
        },
      },
    },
  },
}));
