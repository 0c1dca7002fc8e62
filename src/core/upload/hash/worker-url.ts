// Where the built MD5 worker is. In the sources there is none (tests in Node hash on the main thread); rollup
// replaces this module with one that answers the URL of the worker file it emitted beside each bundle
// (scripts/standalone-script-plugin.mjs).
export function md5WorkerUrl(): string | undefined {
  return undefined;
}
