import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';

/** In dev the API runs as its own process; the proxy keeps calls same-origin so the session cookie works. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/healthz': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
