import { defineConfig } from 'vitest/config';

// Node tiers: the framework-free core, the reference server over real HTTP, and the build scripts (the element
// manifest, core's constants in element CSS).
// Element and page tiers run in Chromium (web-test-runner, playwright-core), not here.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node' } },
      // The shell's framework-free helpers (what a landing page's data-* attributes say); its React runs in Chromium.
      { test: { name: 'shell', include: ['test/shell/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'build', include: ['test/build/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
