// The recorder's AudioWorklet module (src/core/voice/pcm-worklet.ts) must be a file of its own:
// audioWorklet.addModule takes a URL, and a blob: or data: URL would need the page's CSP to allow them for scripts.
// So it is built on its own, once per rollup run, and emitted beside every bundle that imports the recorder; the
// module `./pcm-worklet-url` of the voice folder is replaced by one that answers that file's URL. The worklet costs a
// page nothing until someone records.
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';

const VIRTUAL = '\0ph-pcm-worklet-url';
const ENTRY = 'src/core/voice/pcm-worklet.ts';
/** The classic bundle's worklet lands beside dist/ph-widgets.js under this name. */
const CLASSIC_FILE = 'ph-widgets.pcm-worklet.js';

let built;

async function buildWorklet() {
  const bundle = await rollup({
    input: ENTRY,
    plugins: [
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts'] }),
      commonjs(),
      typescript({
        tsconfig: './tsconfig.json',
        include: ['src/core/voice/pcm-worklet.ts', 'src/core/voice/pcm.ts'],
        compilerOptions: { noEmit: false, declaration: false, sourceMap: false, types: [] },
        noEmitOnError: true,
      }),
      terser({ format: { comments: false } }),
    ],
  });
  // A worklet module has no imports left: everything it needs is inlined.
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  return output[0].code;
}

/** The worklet's code, built once and shared by every bundle of this run. */
export function pcmWorkletCode() {
  built ??= buildWorklet();
  return built;
}

/**
 * `classic`: for the IIFE bundle, whose own URL is read from document.currentScript while it runs (it is gone by the
 * time someone records); ES bundles use rollup's file URL, relative to import.meta.url.
 */
export function audioWorklet({ classic = false } = {}) {
  return {
    name: 'audio-worklet',
    resolveId(source, importer) {
      return source === './pcm-worklet-url' && importer && /[\\/]core[\\/]voice[\\/][^\\/]+$/.test(importer)
        ? VIRTUAL
        : null;
    },
    async load(id) {
      if (id !== VIRTUAL) return null;
      const source = await pcmWorkletCode();
      if (classic) {
        this.emitFile({ type: 'asset', fileName: CLASSIC_FILE, source });
        return [
          "const script = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';",
          `export function pcmWorkletUrl() { return script ? new URL(${JSON.stringify(CLASSIC_FILE)}, script).href : undefined; }`,
        ].join('\n');
      }
      const ref = this.emitFile({ type: 'asset', name: 'pcm-worklet.js', source });
      return `export function pcmWorkletUrl() { return import.meta.ROLLUP_FILE_URL_${ref}; }`;
    },
  };
}
