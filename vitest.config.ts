import { defineConfig } from 'vitest/config';

// Two Node tiers: the framework-free core and the reference server over real HTTP.
// Element and page tiers run in Chromium (web-test-runner, playwright-core), not here.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node' } },
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
