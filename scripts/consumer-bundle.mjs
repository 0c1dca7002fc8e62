// What an app ships when it imports part of ph-widgets (issue 68): its entry built with Rollup as an app's bundler
// builds it — the package's own files read through package.json (`sideEffects` included), React from node_modules,
// production mode, minified — and weighed as it loads: the entry with every chunk it imports statically, apart from
// the chunks it loads later (`import()`). `npm run size` holds the React entry's components to their budgets by it.
import { resolve } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { gzipBytes } from './bundle-sizes.mjs';

const ENTRY = '\0consumer-entry';
const ENTRY_FILE = resolve('consumer-entry.js');

/** `ph-widgets/<name>` as package.json's `exports` name it, from this repository's dist/. */
function packageFile(source) {
  const exports = { 'ph-widgets/react': 'dist/react/index.js', 'ph-widgets/core': 'dist/core/index.js' };
  return exports[source] ? resolve(exports[source]) : null;
}

/**
 * An app whose only module is `code`: its gzip bytes at start and those it loads later, and the source of each
 * module that went into what it loads at start (to say what a bundle holds).
 */
export async function consumerBundle(code) {
  const bundle = await rollup({
    input: ENTRY,
    onwarn: () => {},
    plugins: [
      {
        name: 'consumer-entry',
        async resolveId(source, importer) {
          if (source === ENTRY) return ENTRY;
          const file = packageFile(source);
          // Resolved again from the file's own path, so that node-resolve reads the package's sideEffects for it.
          if (file) return this.resolve(file, ENTRY_FILE, { skipSelf: true });
          return importer === ENTRY ? this.resolve(source, ENTRY_FILE, { skipSelf: true }) : null;
        },
        load: (id) => (id === ENTRY ? code : null),
      },
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({ browser: true }),
      commonjs(),
    ],
  });
  const { output } = await bundle.generate({ format: 'es', plugins: [terser()] });
  await bundle.close();
  const chunks = new Map(output.filter((file) => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const atStart = new Set();
  const visit = (name) => {
    if (atStart.has(name)) return;
    atStart.add(name);
    for (const imported of chunks.get(name).imports) visit(imported);
  };
  visit([...chunks.values()].find((chunk) => chunk.isEntry).fileName);
  const weigh = (names) => names.reduce((sum, name) => sum + gzipBytes(chunks.get(name).code), 0);
  const lazy = [...chunks.keys()].filter((name) => !atStart.has(name));
  const modules = [...atStart].flatMap((name) => Object.keys(chunks.get(name).modules));
  return { start: weigh([...atStart]), lazy: weigh(lazy), modules };
}

/** An app that renders `component` of ph-widgets/react (or only a paragraph, for React alone) with react-dom. */
export function reactApp(component) {
  const use = component
    ? `import { ${component} } from 'ph-widgets/react'; root.render(jsx(${component}, {}));`
    : "root.render(jsx('p', {}));";
  return [
    "import { createRoot } from 'react-dom/client';",
    "import { jsx } from 'react/jsx-runtime';",
    "const root = createRoot(document.getElementById('root'));",
    use,
  ].join('\n');
}
