import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';

/** In dev the API runs as its own process; the proxy keeps calls same-origin so the session cookie works. */
export default defineConfig({
  plugins: [react()],
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
        // Libraries change less often than the app; separate chunks stay cached across our releases.
        // A group takes its modules' dependencies too, unless an earlier group already took them; so the
        // rich-text editor, the date pickers and the charts come after 'mantine' (which must not match them) and before
        // 'vendor', and stay in chunks of their own that load only with the screens importing them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](?!tiptap[\\/]|dates[\\/]|charts[\\/])|@floating-ui|react-remove-scroll|@tabler)/,
            },
            { name: 'editor', test: /node_modules[\\/](@mantine[\\/]tiptap|@tiptap|prosemirror-)/ },
            { name: 'dates', test: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/ },
            // The dashboard's graphs: recharts and its d3 parts load only with that page.
            { name: 'charts', test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+)[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
