// React + ReactDOM (client) alone, bundled and minified the way our bundles are: the baseline of the bundle-size
// figures of `npm run bench` (bench.mjs, bench-desktop.ts).
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { gzipBytes } from './bundle-sizes.mjs';

/** Gzip -9 bytes of React + ReactDOM's client, built now. */
export async function reactAloneGzip() {
  const entry = 'virtual:react-alone';
  const bundle = await rollup({
    input: entry,
    plugins: [
      {
        name: 'react-alone-entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? "export { createElement, useState } from 'react'; export { createRoot } from 'react-dom/client';"
            : null,
      },
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({ browser: true }),
      commonjs(),
      terser({ format: { comments: false } }),
    ],
    onwarn: () => {},
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  return gzipBytes(output[0].code);
}
