// Scripts the browser loads from a URL of their own — the MD5 Web Worker of core/upload, the recorder's AudioWorklet
// module of core/voice, the face widget's detector worker — are built on their own, once per rollup run; a placeholder
// module of their folder (`./worker-url`, `./pcm-worklet-url`, `./detector-worker-url`) is replaced by one answering
// the file's URL, so a page pays nothing until it hashes, records or opens a camera. A blob: or data: URL instead
// would need the pages' CSP to allow them for scripts.
//
// The ES bundles (elements, core, react) share one folder of such files, dist/assets/, named by their content, and
// each reference is written as `new URL("../assets/<file>", import.meta.url)` from the chunk that holds it (issue
// 68): the form Vite, webpack 5 and Next.js's bundlers copy into an app's build by themselves, and whose path ends in
// `assets/<file>` from any chunk, so a bundler that copies nothing (Angular's) needs one line: dist/assets served as
// the app's `assets/`. The classic bundle keeps its files beside it, under fixed names.

import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { IMMUTABLE_FILES } from '../demo/server/build-lists.mjs';
import { esbuildTypeScript } from './esbuild-ts-plugin.mjs';

/** Where the classic scripts look for the files beside them (an absolute path: rollup imports it from anywhere). */
const SCRIPT_BASE = resolve('src/core/loaders/script-base.ts');

/** The ES bundles' shared folder of files loaded by URL. */
export const ASSETS_DIR = resolve('dist/assets');
/** What a generated module writes where a shared file's URL goes; sharedAssetUrls() turns it into the URL. */
const ASSET_MARK = /__PH_ASSET_URL__\("([^"\\]+)"\)/g;
const assetMark = (fileName) => `__PH_ASSET_URL__(${JSON.stringify(fileName)})`;

/** The content-hashed names in dist/assets, listed for the reference server's caching (immutable-files-plugin.mjs). */
const hashedAssets = new Set();

/** Writes a file into dist/assets (once a build: every ES bundle of the run shares it). */
function writeAsset(fileName, source) {
  mkdirSync(ASSETS_DIR, { recursive: true });
  writeFileSync(resolve(ASSETS_DIR, fileName), source);
  hashedAssets.add(fileName);
  writeFileSync(resolve(ASSETS_DIR, IMMUTABLE_FILES), `${JSON.stringify([...hashedAssets].sort(), null, 2)}\n`);
}

/** `name-<hash>.js`, the hash of its content: the same file for every bundle, a new name when it changes. */
function hashedName(name, source, extension = '.js') {
  return `${name}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}${extension}`;
}

/**
 * Turns each shared file's mark into `new URL("<path from this chunk to dist/assets>/<file>", import.meta.url).href`:
 * a relative path bundlers resolve from the installed file. Before terser, for the ES bundles.
 */
export function sharedAssetUrls() {
  return {
    name: 'shared-asset-urls',
    async renderChunk(code, chunk, options) {
      if (!code.includes('__PH_ASSET_URL__')) return null;
      const { default: MagicString } = await import('magic-string');
      const from = dirname(resolve(options.dir ?? dirname(options.file), chunk.fileName));
      const folder = relative(from, ASSETS_DIR).split(sep).join('/');
      const prefix = folder.startsWith('.') ? folder : `./${folder}`;
      const text = new MagicString(code);
      for (const match of code.matchAll(ASSET_MARK)) {
        const url = JSON.stringify(`${prefix}/${match[1]}`);
        text.overwrite(match.index, match.index + match[0].length, `new URL(${url}, import.meta.url).href`);
      }
      return { code: text.toString(), map: text.generateMap({ hires: true }) };
    },
  };
}

/**
 * @param {object} script
 * @param {string} script.name plugin name, and the emitted asset's name (`<name>.js`)
 * @param {string} script.entry the script's source
 * @param {'iife' | 'es'} script.format `iife` for a classic worker script, `es` for a worklet module
 * @param {string} script.placeholder the module specifier replaced by the URL module
 * @param {RegExp} script.importer which importers' placeholder is replaced
 * @param {string} script.exportName the URL function the placeholder exports
 * @param {string} [script.globalName] for an IIFE with exports: the global it sets
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
        esbuildTypeScript(),
        terser({ format: { comments: false } }),
      ],
    });
    const { output } = await bundle.generate({ format: script.format, name: script.globalName });
    await bundle.close();
    return output[0].code;
  }

  /** The script's code, built once and shared by every bundle of this run. */
  const code = () => {
    built ??= build();
    return built;
  };

  /**
   * `classic`: for the IIFE bundles, whose URL is read from document.currentScript while they run (rollup's own
   * import.meta.url for IIFE reads it later, when it is gone), or found by core/loaders/script-base.ts when the page
   * evaluated the script without an element ($.getScript); the script lands beside it under a fixed name.
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
          `import { classicAssetUrl } from ${JSON.stringify(SCRIPT_BASE)};`,
          "const script = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';",
          `export function ${script.exportName}() { return typeof document === 'undefined' ? undefined : classicAssetUrl(${JSON.stringify(fileName)}, script); }`,
        ].join('\n');
      }
      const fileName = hashedName(script.name, source);
      writeAsset(fileName, source);
      return `export function ${script.exportName}() { return ${assetMark(fileName)}; }`;
    },
  });

  return { code, plugin };
}

/** The MD5 worker of core/upload: a classic worker script (it also starts through importScripts from a blob). */
const MD5_WORKER_URL = '\0ph-md5-worker-url';
export const md5Worker = standaloneScript({
  name: 'md5-worker',
  entry: 'src/core/upload/hash/worker.ts',
  format: 'iife',
  placeholder: './worker-url',
  importer: /[\\/]upload[\\/]hash[\\/][^\\/]+$/,
  exportName: 'md5WorkerUrl',
});

/**
 * The face widget's detector worker (issue 36): a module worker, which imports face-api's ES module by URL when asked
 * to load it.
 */
export const faceDetectorWorker = standaloneScript({
  name: 'face-detector-worker',
  entry: 'src/elements/ph-face/detector-worker.ts',
  format: 'es',
  placeholder: './detector-worker-url',
  importer: /[\\/]ph-face[\\/][^\\/]+$/,
  exportName: 'detectorWorkerUrl',
});

/** The recorder's AudioWorklet module of core/voice (audioWorklet.addModule loads it as a module). */
export const pcmWorklet = standaloneScript({
  name: 'pcm-worklet',
  entry: 'src/core/voice/pcm-worklet.ts',
  format: 'es',
  placeholder: './pcm-worklet-url',
  importer: /[\\/]core[\\/]voice[\\/][^\\/]+$/,
  exportName: 'pcmWorkletUrl',
});

/**
 * The main-thread MD5 engines (hash-wasm and spark-md5, core/upload/hash/engine.ts), for the classic bundle only. The
 * ES bundles load them as a lazy chunk; an IIFE cannot hold one and would carry them (about 7 KB gzip) on every legacy
 * page although only a browser without workers hashes on its main thread. So for the classic bundle they are a
 * script of their own beside it, `ph-widgets.md5-engine.js`, setting one global, added to the page on first use.
 */
const md5EngineScript = standaloneScript({
  name: 'md5-engine',
  entry: 'src/core/upload/hash/engine.ts',
  format: 'iife',
  globalName: 'phMd5Engine',
  placeholder: '',
  importer: /^$/,
  exportName: '',
});

export function classicMd5Engine() {
  const virtual = '\0ph-md5-engine-loader';
  const fileName = 'ph-widgets.md5-engine.js';
  return {
    name: 'classic-md5-engine',
    resolveId(source, importer) {
      if (source === './engine' && importer && /[\\/]upload[\\/]hash[\\/]main-thread\.ts$/.test(importer))
        return virtual;
      return source === './worker-url' && importer === virtual ? MD5_WORKER_URL : null;
    },
    async load(id) {
      if (id !== virtual) return null;
      this.emitFile({ type: 'asset', fileName, source: await md5EngineScript.code() });
      // The worker's URL module knows where the classic bundle was loaded from; the engine script is beside it.
      return [
        "import { md5WorkerUrl } from './worker-url';",
        'let loaded;',
        'export function createMd5Engine(choice) {',
        '  loaded ??= new Promise((resolve, reject) => {',
        "    const tag = document.createElement('script');",
        `    tag.src = new URL(${JSON.stringify(fileName)}, md5WorkerUrl()).href;`,
        '    tag.onload = () => (self.phMd5Engine ? resolve(self.phMd5Engine) : reject(new Error(tag.src)));',
        '    tag.onerror = () => {',
        '      loaded = undefined;',
        '      reject(new Error(tag.src));',
        '    };',
        '    document.head.append(tag);',
        '  });',
        '  return loaded.then((engine) => engine.createMd5Engine(choice));',
        '}',
      ].join('\n');
    },
  };
}

/**
 * What the classic bundle lends its lazy scripts (CLASSIC_LAZY): the one React of the page, its JSX runtime,
 * @nanostores/react, the shadow-root style context and the element helpers (`dispatchFrom`; the registration code
 * with r2wc and ReactDOM stays in the bundle). A script brings its own copy of the core modules it needs; their state
 * is shared through the page singletons (core/shared), as with two bundles on one page.
 */
export const CLASSIC_HOST = [
  [/^react$/, 'react'],
  [/^react\/jsx-runtime$/, 'jsx'],
  [/^@nanostores\/react$/, 'nanostoresReact'],
  [/(^|[\\/])common[\\/]styles(\.ts)?$/, 'styles'],
  // As imported (`../define`), and as rollup then names the external (its absolute path).
  [/(^\.\.|[\\/]src[\\/]elements)[\\/]define(\.ts)?$/, 'define'],
];
const HOST_GLOBAL = 'phWidgetsHost';

/**
 * The components the classic bundle loads as scripts of their own beside it, when one of their elements first
 * renders (issue 36): the element is defined at once (pages find it and its events as always), but what draws it —
 * the uploader with the whole upload engine, the face widget with its rules — weighs only on the pages that show it.
 * Each is built by rollup.config.mjs as an IIFE setting `globalName`; `source` is what the element's define.ts imports
 * it as. The voice widget stays in the bundle: module pages put it in their header, so nearly every page shows it,
 * and as a script of its own it would be one more request carrying its own copy of core (19 KB, not 10).
 */
export const CLASSIC_LAZY = [
  {
    fileName: 'ph-widgets.uploader.js',
    globalName: 'phUploader',
    entry: 'src/elements/ph-uploader/PhUploader.tsx',
    define: /[\\/]ph-uploader[\\/]define\.ts$/,
    source: './PhUploader',
    exportName: 'PhUploader',
  },
  {
    fileName: 'ph-widgets.face.js',
    globalName: 'phFace',
    entry: 'src/elements/ph-face/widget.ts',
    define: /[\\/]ph-face[\\/]define\.ts$/,
    source: './widget',
    exportName: 'FaceWidget',
  },
];

/** For a lazy script's build: the lent modules as globals of the host object. */
export const classicHostGlobals = (id) => {
  const name = CLASSIC_HOST.find(([pattern]) => pattern.test(id))?.[1];
  return name ? `${HOST_GLOBAL}.${name}` : undefined;
};

/** For the classic bundle: each CLASSIC_LAZY import becomes a component that adds its script on first render. */
export function classicLazyScripts() {
  const host = '\0ph-classic-host';
  const virtual = (script) => `\0ph-lazy-${script.globalName}`;
  return {
    name: 'classic-lazy-scripts',
    resolveId(source, importer) {
      if (source === host) return host;
      const script = CLASSIC_LAZY.find((each) => each.source === source && importer && each.define.test(importer));
      return script ? virtual(script) : null;
    },
    load(id) {
      if (id === host) {
        const styles = resolve('src/elements/common/styles.ts');
        const define = resolve('src/elements/define.ts');
        const lazyPart = resolve('src/elements/common/lazy-part.tsx');
        // The bundle's own URL, read while it runs (none when the page evaluated it): the lazy scripts lie beside it.
        // A script that cannot load shows the element's own error state (lazyPart), never an uncaught error.
        return [
          "import * as react from 'react';",
          "import * as jsx from 'react/jsx-runtime';",
          "import * as nanostoresReact from '@nanostores/react';",
          `import * as styles from ${JSON.stringify(styles)};`,
          `import * as define from ${JSON.stringify(define)};`,
          `import { lazyPart } from ${JSON.stringify(lazyPart)};`,
          `import { classicAssetUrl } from ${JSON.stringify(SCRIPT_BASE)};`,
          `globalThis.${HOST_GLOBAL} = { react, jsx, nanostoresReact, styles, define };`,
          "const bundle = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';",
          'export function lazyScript(fileName, globalName, exportName) {',
          '  return lazyPart(',
          '    () =>',
          '      new Promise((done, fail) => {',
          "        const tag = document.createElement('script');",
          '        tag.src = classicAssetUrl(fileName, bundle);',
          '        tag.onload = () => (self[globalName] ? done(self[globalName][exportName]) : fail(new Error(tag.src)));',
          '        tag.onerror = () => {',
          '          tag.remove();',
          '          fail(new Error(tag.src));',
          '        };',
          '        document.head.append(tag);',
          '      }),',
          '  );',
          '}',
        ].join('\n');
      }
      const script = CLASSIC_LAZY.find((each) => virtual(each) === id);
      if (!script) return null;
      return [
        `import { lazyScript } from ${JSON.stringify(host)};`,
        `export const ${script.exportName} = lazyScript(${JSON.stringify(script.fileName)}, ${JSON.stringify(script.globalName)}, ${JSON.stringify(script.exportName)});`,
      ].join('\n');
    },
  };
}

/** zh-HK's converter (core/i18n/hongkong/converter.ts) as a script setting one global, for the classic bundle. */
const hongKongScript = standaloneScript({
  name: 'hk',
  entry: 'src/core/i18n/hongkong/converter.ts',
  format: 'iife',
  globalName: 'phHongKong',
  placeholder: '',
  importer: /^$/,
  exportName: '',
});

/**
 * zh-HK's converter for the classic bundle (issue 56). The ES bundles load it as the chunk `hk`; the IIFE would
 * inline it, 40 KB gzip on every legacy page although only zh-HK pages use it. So it is `ph-widgets.hk.js` beside
 * the bundle, added to the page when the language becomes zh-HK: it replaces core/i18n/hongkong/chunk.ts.
 */
export function classicHongKong() {
  const virtual = '\0ph-hk-loader';
  const fileName = 'ph-widgets.hk.js';
  return {
    name: 'classic-hk',
    resolveId(source, importer) {
      return source === './chunk' && importer && /[\\/]i18n[\\/]hongkong[\\/]load\.ts$/.test(importer) ? virtual : null;
    },
    async load(id) {
      if (id !== virtual) return null;
      this.emitFile({ type: 'asset', fileName, source: await hongKongScript.code() });
      // Read while the bundle runs: the converter lies beside it (script-base.ts when the page evaluated it).
      return [
        `import { classicAssetUrl } from ${JSON.stringify(SCRIPT_BASE)};`,
        "const bundle = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';",
        'export function importConverter() {',
        '  return new Promise((resolve, reject) => {',
        "    const tag = document.createElement('script');",
        `    tag.src = classicAssetUrl(${JSON.stringify(fileName)}, bundle);`,
        '    tag.onload = () =>',
        '      self.phHongKong ? resolve(self.phHongKong.convertToHongKong) : reject(new Error(tag.src));',
        '    tag.onerror = () => {',
        '      tag.remove();',
        '      reject(new Error(tag.src));',
        '    };',
        '    document.head.append(tag);',
        '  });',
        '}',
      ].join('\n');
    },
  };
}

/** face-api's own browser ES module and the WebAssembly builds of the tfjs inside it: copied, never bundled. */
const FACE_FILES = {
  faceApi: ['@vladmandic/face-api/dist/face-api.esm.js', 'face-api.esm.js'],
  wasm: ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'].map(
    (name) => [`@tensorflow/tfjs-backend-wasm/dist/${name}`, name],
  ),
};

/**
 * ph-face's `./face-files` (where face-api and tfjs's WebAssembly are): in the ES bundles each file's URL from
 * dist/assets, written so that bundlers copy them; in the classic scripts, beside the classic bundle's own files.
 */
export function faceFiles({ classic = false } = {}) {
  const virtual = '\0ph-face-files';
  return {
    name: 'face-files',
    resolveId(source, importer) {
      return source === './face-files' && importer && /[\\/]ph-face[\\/][^\\/]+$/.test(importer) ? virtual : null;
    },
    async load(id) {
      if (id !== virtual) return null;
      const { createRequire } = await import('node:module');
      const require = createRequire(import.meta.url);
      const files = [FACE_FILES.faceApi, ...FACE_FILES.wasm];
      for (const [from, name] of files) {
        mkdirSync(ASSETS_DIR, { recursive: true });
        copyFileSync(require.resolve(from), resolve(ASSETS_DIR, name));
      }
      const url = classic
        ? (name) => `classicAssetUrl(${JSON.stringify(`assets/${name}`)}, script)`
        : (name) => assetMark(name);
      const wasm = FACE_FILES.wasm.map(([, name]) => `${JSON.stringify(name)}: ${url(name)}`).join(', ');
      return [
        ...(classic
          ? [
              `import { classicAssetUrl } from ${JSON.stringify(SCRIPT_BASE)};`,
              "const script = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';",
            ]
          : []),
        `export function faceFiles() { return { faceApi: ${url(FACE_FILES.faceApi[1])}, wasm: { ${wasm} } }; }`,
      ].join('\n');
    },
  };
}
