import { defineConfig } from 'vitest/config';

// Node tiers: the framework-free core, the reference server over real HTTP, and the build scripts (the element
// manifest, core's constants in element CSS).
// Element and page tiers run in Chromium (web-test-runner, playwright-core), not here.

/**
 * Core test files that must load core themselves: they replace modules (vi.mock, vi.resetModules) or give the stored
 * preferences a storage engine before core's stores first read it (setPersistentEngine).
 */
const OWN_CORE = [
  'test/core/util/query.test.ts',
  'test/core/upload/hash-memory.test.ts',
  'test/core/http/errors.test.ts',
  'test/core/face/calls.test.ts',
  'test/core/auth/credentials.test.ts',
  'test/core/auth/flows.test.ts',
  'test/core/theme/apply.test.ts',
  'test/core/session/prefs.test.ts',
  'test/core/i18n/init.test.ts',
  // Loads zh-HK's converter, which would then convert every zh-HK text of the files after it.
  'test/core/i18n/hongkong-load.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      // Worker threads, not child processes, for the tiers of plain modules: about a quarter less CPU on two cores.
      // The server tier keeps processes: it loads a native SQLite binding.
      // Core's files share one module graph instead of loading core again for each of its 85 files: 58 → 27 CPU
      // seconds (with OWN_CORE's). What a file leaves in the page-wide stores is undone before the next (setup/fresh-page-state.ts);
      // the files that must load core themselves (OWN_CORE) keep a module graph each.
      {
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts'],
          exclude: OWN_CORE,
          environment: 'node',
          pool: 'threads',
          isolate: false,
          setupFiles: ['test/core/setup/fresh-page-state.ts'],
        },
      },
      { test: { name: 'core (own modules)', include: OWN_CORE, environment: 'node', pool: 'threads' } },
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
