// The consumer's Vite build: React 19 through Vite's own JSX transform (automatic runtime), served at /consumer/;
// three pages (the app, an app mixing an element in, the server-rendered components to hydrate) and Vite's manifest,
// which the test reads to weigh what the app's page loads.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/consumer/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: { input: { index: 'index.html', mixed: 'mixed.html', hydrate: 'hydrate.html' } },
  },
  logLevel: 'error',
});
