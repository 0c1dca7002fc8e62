// Where the built detector worker is. In the sources there is none (the widget then detects on the main thread);
// rollup replaces this module with one that answers the URL of the worker file it emitted beside each bundle
// (scripts/standalone-script-plugin.mjs).
export function detectorWorkerUrl(): string | undefined {
  return undefined;
}
