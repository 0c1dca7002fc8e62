// The shell's tests render its React components from src/ in Chromium; React's packages are CommonJS only. This
// dev-server plugin bundles them once per run into ES modules (esbuild, production builds, one shared chunk so the
// page has one React) and points every import of them there. The element tests never ask: they load dist/.
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const PREFIX = '/__react/';
/** Import specifier → entry name. */
const ENTRIES = {
  react: 'react',
  'react/jsx-runtime': 'jsx-runtime',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom-client',
};

/** An ES module re-exporting a CommonJS module's members by name (import { useState } from 'react'). */
function wrapper(id) {
  const names = Object.keys(require(id)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  return `import m from ${JSON.stringify(id)};\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
}

export function reactEsm() {
  const files = new Map();
  return {
    name: 'react-esm',
    async serverStart() {
      const result = await build({
        entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([id, name]) => [name, `wrapped:${id}`])),
        bundle: true,
        splitting: true,
        format: 'esm',
        write: false,
        outdir: 'out',
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
        plugins: [
          {
            name: 'wrapped',
            setup(builder) {
              builder.onResolve({ filter: /^wrapped:/ }, (args) => ({
                path: args.path.slice(8),
                namespace: 'wrapped',
              }));
              builder.onLoad({ filter: /.*/, namespace: 'wrapped' }, (args) => ({
                contents: wrapper(args.path),
                resolveDir: process.cwd(),
              }));
            },
          },
        ],
      });
      for (const file of result.outputFiles) files.set(file.path.split('/').pop(), file.text);
    },
    resolveImport({ source }) {
      if (Object.hasOwn(ENTRIES, source)) return `${PREFIX}${ENTRIES[source]}.js`;
    },
    serve(context) {
      if (!context.path.startsWith(PREFIX)) return;
      const body = files.get(context.path.slice(PREFIX.length));
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}
