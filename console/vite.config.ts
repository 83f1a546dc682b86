import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The console is served by the service under /console (api/plugins/console.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  // `npx vite --config console/vite.config.ts` for work on the pages: API calls go to a service on :3000.
  server: { proxy: { '^/(?!console)': 'http://127.0.0.1:3000' } },
});
