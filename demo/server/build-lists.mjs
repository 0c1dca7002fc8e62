// The lists the build writes beside its output for this server to read: the rollup plugins in scripts/ write them
// (module-preloads-plugin.mjs, immutable-files-plugin.mjs), module-preloads.ts and routes/cache.ts read them. Their
// names live here, not in scripts/, so the server never depends on the build (docs/architecture.md › Import floors).
// Plain JavaScript: rollup's config loads the plugins in plain Node.

/** Each entry's static chunk closure, for `<link rel="modulepreload">`. */
export const MODULE_PRELOADS_FILE = 'modulepreload.json';

/** The files whose names carry their content's hash, sent as immutable. */
export const IMMUTABLE_FILES = 'immutable.json';
