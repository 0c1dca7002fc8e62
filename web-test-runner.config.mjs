// Element tier (DESIGN §7): each test file runs in its own page of Debian's Chromium and loads the built
// bundles from dist/, exactly what pages load.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM, chromiumArgs } from './scripts/chromium.mjs';
import { reactEsm } from './test/elements/react-esm.mjs';
import { referenceServer } from './test/elements/reference-server.mjs';

/** Packages such as nanostores read process.env.NODE_ENV, which browsers lack: serve them as production builds. */
const nodeEnvProduction = {
  name: 'node-env-production',
  transform(context) {
    if (typeof context.body === 'string' && context.body.includes('process.env.NODE_ENV')) {
      return { body: context.body.replaceAll('process.env.NODE_ENV', '"production"') };
    }
  },
};

const platform = referenceServer();

export default {
  files: ['test/elements/**/*.test.ts'],
  nodeResolve: true,
  plugins: [
    // tsconfig.json gives esbuild the automatic JSX runtime of the shell's .tsx files.
    esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    // React as ES modules for the shell's components rendered from src/ (test/elements/react-esm.mjs).
    reactEsm(),
    nodeEnvProduction,
    platform.plugin,
  ],
  middleware: [platform.proxy],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM,
        headless: true,
        // The recorder's tests open Chromium's fake microphone (a beep), and <ph-face>'s its fake camera (a moving test
        // pattern, no face), without a permission prompt.
        args: chromiumArgs([
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          '--autoplay-policy=no-user-gesture-required',
        ]),
      },
    }),
  ],
  concurrency: 1,
  // Animations off unless a test is about them: dialogs show and leave at once (the fade's own test sets it back).
  testRunnerHtml: (testFramework) =>
    `<!doctype html><html><head><style>:root { --ph-modal-fade: 0s; }</style></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  // Every wait runs within this (test/elements/wait.ts); 20 s leaves room for a machine that is busy with other work.
  testFramework: { config: { timeout: 20_000 } },
  // A stalled file fails the run after 3 minutes instead of 5 (the whole tier takes about 25 s).
  testsFinishTimeout: 180_000,
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
};
