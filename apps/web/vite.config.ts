import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { PluginOption } from 'vite';

// The API server (apps/server) serves the built SPA from dist/; in development Vite proxies to it.
const api = 'http://localhost:3000';

export default defineConfig({
  // The plugins' types come from the hoisted Vite 8 (pulled in by Vitest 4); the web builds with Vite 7.
  plugins: [react(), tailwindcss()] as unknown as PluginOption[],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
      '/readyz': api,
      '/sitemap.xml': api,
      '/robots.txt': api,
      '/dev': api,
    },
  },
});
