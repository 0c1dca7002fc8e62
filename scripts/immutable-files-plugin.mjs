// A rollup plugin: writes `immutable.json` beside the output, naming the files whose names carry a content hash
// (chunks other than entries, assets renamed with their hash). Their bytes can never change under that name, so the
// reference server sends them with `Cache-Control: immutable` for a year (demo/server/routes/cache.ts); every other
// file (entries such as ph-widgets.js, which pages name) is revalidated. The build knows which names are hashed:
// guessing from a name would take `ph-uploader.js` ("-" and 8 letters) for a hashed one.
import { basename } from 'node:path';
import { IMMUTABLE_FILES } from '../demo/server/build-lists.mjs';

/** @returns {import('rollup').Plugin} */
export function immutableFiles() {
  return {
    name: 'immutable-files',
    generateBundle(_options, bundle) {
      /** @type {string[]} */
      const hashed = [];
      for (const file of Object.values(bundle)) {
        // An asset emitted under a fixed file name (copied files, source maps, this list) has no name to hash.
        const renamed = file.type === 'asset' && file.names.length > 0 && !file.names.includes(basename(file.fileName));
        if (file.type === 'chunk' ? !file.isEntry : renamed) hashed.push(file.fileName);
      }
      this.emitFile({
        type: 'asset',
        fileName: IMMUTABLE_FILES,
        source: `${JSON.stringify(hashed.sort(), null, 2)}\n`,
      });
    },
  };
}
