// Scripts the browser loads from a URL of their own — the MD5 Web Worker of core/upload, the recorder's AudioWorklet
// module of core/voice — are built on their own, once per rollup run, and emitted beside every bundle that imports
// them; a placeholder module of their folder (`./worker-url`, `./pcm-worklet-url`) is replaced by one answering the
// emitted file's URL, so a page pays nothing until it hashes or records. A blob: or data: URL instead would need the
// pages' CSP to allow them for scripts.
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';

/**
 * @param {object} script
 * @param {string} script.name plugin name, and the emitted asset's name (`<name>.js`)
 * @param {string} script.entry the script's source
 * @param {string[]} script.include the sources TypeScript compiles for it
 * @param {'iife' | 'es'} script.format `iife` for a classic worker script, `es` for a worklet module
 * @param {string} script.placeholder the module specifier replaced by the URL module
 * @param {RegExp} script.importer which importers' placeholder is replaced
 * @param {string} script.exportName the URL function the placeholder exports
 */
export function standaloneScript(script) {
  const virtual = `\0ph-${script.name}-url`;
  let built;

  async function build() {
    const bundle = await rollup({
      input: script.entry,
      plugins: [
        nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts'] }),
        commonjs(),
        typescript({
          tsconfig: './tsconfig.json',
          include: script.include,
          compilerOptions: { noEmit: false, declaration: false, sourceMap: false, types: [] },
          noEmitOnError: true,
        }),
        terser({ format: { comments: false } }),
      ],
    });
    const { output } = await bundle.generate({ format: script.format });
    await bundle.close();
    return output[0].code;
  }

  /** The script's code, built once and shared by every bundle of this run. */
  const code = () => {
    built ??= build();
    return built;
  };

  /**
   * `classic`: for the IIFE bundle, whose URL is read from document.currentScript while it runs (rollup's own
   * import.meta.url for IIFE reads it later, when it is gone); the script lands beside it under a fixed name.
   */
  const plugin = ({ classic = false } = {}) => ({
    name: script.name,
    resolveId(source, importer) {
      return source === script.placeholder && importer && script.importer.test(importer) ? virtual : null;
    },
    async load(id) {
      if (id !== virtual) return null;
      const source = await code();
      if (classic) {
        const fileName = `ph-widgets.${script.name}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        return [
          "const script = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';",
          `export function ${script.exportName}() { return script ? new URL(${JSON.stringify(fileName)}, script).href : undefined; }`,
        ].join('\n');
      }
      const ref = this.emitFile({ type: 'asset', name: `${script.name}.js`, source });
      return `export function ${script.exportName}() { return import.meta.ROLLUP_FILE_URL_${ref}; }`;
    },
  });

  return { code, plugin };
}

/** The MD5 worker of core/upload: a classic worker script (it also starts through importScripts from a blob). */
export const md5Worker = standaloneScript({
  name: 'md5-worker',
  entry: 'src/core/upload/hash/worker.ts',
  include: ['src/core/upload/hash/*.ts'],
  format: 'iife',
  placeholder: './worker-url',
  importer: /[\\/]upload[\\/]hash[\\/][^\\/]+$/,
  exportName: 'md5WorkerUrl',
});

/** The recorder's AudioWorklet module of core/voice (audioWorklet.addModule loads it as a module). */
export const pcmWorklet = standaloneScript({
  name: 'pcm-worklet',
  entry: 'src/core/voice/pcm-worklet.ts',
  include: ['src/core/voice/pcm-worklet.ts', 'src/core/voice/pcm.ts'],
  format: 'es',
  placeholder: './pcm-worklet-url',
  importer: /[\\/]core[\\/]voice[\\/][^\\/]+$/,
  exportName: 'pcmWorkletUrl',
});
