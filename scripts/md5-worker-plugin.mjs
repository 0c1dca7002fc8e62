// The MD5 worker of core/upload (src/core/upload/hash/worker.ts) is built on its own, once per rollup run, as a
// classic worker script (it also loads through importScripts from a blob when the bundles sit on another
// origin), and emitted beside every bundle that imports it. The module `./worker-url` of the hash folder is
// replaced by one that answers the worker's URL, so the worker costs the page nothing until a file is hashed.
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';

const VIRTUAL = '\0ph-md5-worker-url';
const WORKER_ENTRY = 'src/core/upload/hash/worker.ts';

let built;

async function buildWorker() {
  const bundle = await rollup({
    input: WORKER_ENTRY,
    plugins: [
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts'] }),
      commonjs(),
      typescript({
        tsconfig: './tsconfig.json',
        include: ['src/core/upload/hash/*.ts'],
        compilerOptions: { noEmit: false, declaration: false, sourceMap: false, types: [] },
        noEmitOnError: true,
      }),
      terser({ format: { comments: false } }),
    ],
  });
  const { output } = await bundle.generate({ format: 'iife' });
  await bundle.close();
  return output[0].code;
}

/** The worker's code, built once and shared by every bundle of this run (also used by scripts/bench.mjs). */
export function md5WorkerCode() {
  built ??= buildWorker();
  return built;
}

/**
 * `classic`: for the IIFE bundle, whose URL is read from document.currentScript while it runs (rollup's own
 * import.meta.url for IIFE reads it later, when it is gone); the worker lands beside it under a fixed name.
 */
export function md5Worker({ classic = false } = {}) {
  return {
    name: 'md5-worker',
    resolveId(source, importer) {
      return source === './worker-url' && importer && /[\\/]upload[\\/]hash[\\/][^\\/]+$/.test(importer)
        ? VIRTUAL
        : null;
    },
    async load(id) {
      if (id !== VIRTUAL) return null;
      const source = await md5WorkerCode();
      if (classic) {
        const fileName = 'ph-widgets.md5-worker.js';
        this.emitFile({ type: 'asset', fileName, source });
        return [
          "const script = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';",
          `export function md5WorkerUrl() { return script ? new URL(${JSON.stringify(fileName)}, script).href : undefined; }`,
        ].join('\n');
      }
      const ref = this.emitFile({ type: 'asset', name: 'md5-worker.js', source });
      return `export function md5WorkerUrl() { return import.meta.ROLLUP_FILE_URL_${ref}; }`;
    },
  };
}
