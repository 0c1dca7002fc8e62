// A rollup plugin for the ES-module builds (dist/elements, dist/shell): writes `modulepreload.json` beside the
// output, naming for every entry the chunks it imports statically, transitively (file names relative to the output
// folder). The reference server reads it to give pages `<link rel="modulepreload">` for the chunks they always load,
// so the browser fetches them beside the entry instead of after parsing it (demo/server/module-preloads.ts).
import { MODULE_PRELOADS_FILE } from '../demo/server/build-lists.mjs';

/** @returns {import('rollup').Plugin} */
export function modulePreloads() {
  return {
    name: 'module-preloads',
    generateBundle(_options, bundle) {
      /** @type {Record<string, string[]>} */
      const preloads = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const seen = new Set();
        const visit = (/** @type {string} */ name) => {
          const imported = bundle[name];
          if (seen.has(name) || !imported || imported.type !== 'chunk') return;
          seen.add(name);
          for (const next of imported.imports) visit(next);
        };
        for (const name of chunk.imports) visit(name);
        preloads[chunk.fileName] = [...seen].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: MODULE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
