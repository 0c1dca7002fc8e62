// A Vue 3 app as docs/guide/vue.md sets one up: Vue is told that ph-* tags are custom elements, and the platform's
// calls go to its server through the preview server's proxy (the dev server takes the same `proxy`).
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

const platform = process.env.PH_PLATFORM ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(['/api', '/zuul', '/common'].map((path) => [path, platform]));

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('ph-') } } })],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true },
  logLevel: 'error',
});
