import { defineConfig } from 'vitest/config';

// Node tiers: the framework-free core, the reference server over real HTTP, and the build scripts (the element
// manifest, core's constants in element CSS).
// Element and page tiers run in Chromium (web-test-runner, playwright-core), not here.
export default defineConfig({
  test: {
    projects: [
      // Worker threads, not child processes, for the tiers of plain modules: about a quarter less CPU on two cores.
      // The server tier keeps processes: it loads a native SQLite binding.
      { test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node', pool: 'threads' } },
      // The shell's framework-free helpers (what a landing page's data-* attributes say); its React runs in Chromium.
      { test: { name: 'shell', include: ['test/shell/**/*.test.ts'], environment: 'node', pool: 'threads' } },
      {
        test: {
          name: 'build',
          include: ['test/build/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own servers on temporary folders and holds no module state of its own: loading
          // Fastify and the server once for all files saves a third of the tier's CPU (87 → 57 CPU seconds).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
