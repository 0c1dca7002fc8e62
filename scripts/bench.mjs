// `npm run bench`: performance figures as ratios against a baseline measured in the same run (README §Performance).
// Gzip size of every bundle, and the work-chat page, against React + ReactDOM alone, built here now; then the
// MD5 of a 256 MB File in Chromium, the uploader's worker against spark-md5 on the main thread (bench-md5.mjs);
// then a 512 MB upload to the reference server against hash + one plain POST (bench-upload.ts); then the reference
// server's face descriptor time against the same call with digests (bench-face.mjs); then ph-face on a fake camera
// in Chromium (bench-face-camera.ts).
import { execFileSync } from 'node:child_process';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { faceServerFigures } from './bench-face.mjs';
import { benchMd5 } from './bench-md5.mjs';
import { elementFiles, gzipBytes, gzipFile, kb, readBudgets, sharedChunks, workChatBundle } from './bundle-sizes.mjs';

/** React + ReactDOM (client) alone, bundled and minified the way our bundles are. */
async function reactAloneGzip() {
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

const baseline = await reactAloneGzip();
const budgets = readBudgets();
const workChat = workChatBundle(budgets.workChatElements);

const rows = [
  ['React + ReactDOM alone (baseline)', baseline],
  ['dist/ph-widgets.js (classic, all elements)', gzipFile('dist/ph-widgets.js')],
  ...sharedChunks().map((file) => [`${file} (shared runtime)`, gzipFile(file)]),
  ...elementFiles().map((file) => [`${file} (own chunk)`, gzipFile(file)]),
  [
    `work-chat page (${budgets.workChatElements.join(' + ')} + runtime)${workChat.missing.length ? ` [not built yet: ${workChat.missing.join(', ')}]` : ''}`,
    workChat.gzip,
  ],
  ['dist/core/index.js (framework-free core)', gzipFile('dist/core/index.js')],
  ['dist/shell/shell.js (shell page)', gzipFile('dist/shell/shell.js')],
];

console.log('Bundle sizes (gzip -9), ratio to React + ReactDOM alone built in this run');
for (const [name, bytes] of rows) {
  console.log(`${kb(bytes).padStart(10)}  ${(bytes / baseline).toFixed(2).padStart(5)}x  ${name}`);
}

await benchMd5();
// A 512 MB upload to the reference server on loopback: end to end against hash + one plain POST, bytes re-sent after an
// abort at 50 %, bytes sent for an identical file (a TypeScript script: it starts the reference server itself).
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-upload.ts'], { stdio: 'inherit' });
await faceServerFigures();
// ph-face on a fake camera in Chromium (a TypeScript script: it starts the reference server through the e2e harness).
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-face-camera.ts'], { stdio: 'inherit' });
