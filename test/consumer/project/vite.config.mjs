// The consumer's Vite build: React 19 through Vite's own JSX transform (automatic runtime), served at /consumer/.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/consumer/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: 'dist', emptyOutDir: true },
});
