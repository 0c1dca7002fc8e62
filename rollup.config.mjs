// Bundles of DESIGN.md §5: one ES module per element over a shared runtime chunk, the classic script for
// legacy pages, the framework-free core for Node and bundlers, and the shell page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { esbuildTypeScript } from './scripts/esbuild-ts-plugin.mjs';
import { immutableFiles } from './scripts/immutable-files-plugin.mjs';
import { modulePreloads } from './scripts/module-preloads-plugin.mjs';
import {
  CLASSIC_HOST,
  CLASSIC_LAZY,
  classicHongKong,
  classicHostGlobals,
  classicLazyScripts,
  classicMd5Engine,
  faceDetectorWorker,
  faceFiles,
  md5Worker,
  pcmWorklet,
  sharedAssetUrls,
} from './scripts/standalone-script-plugin.mjs';

// Loading this config writes nothing: scripts/build.mjs empties dist/ once, before any step starts (issue 53: a
// delete here raced tsc writing dist/types beside rollup).

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** Every folder src/elements/ph-<name>/ with a define.ts is an element entry. */
const elementEntries = Object.fromEntries(
  readdirSync('src/elements', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('ph-'))
    .map((entry) => [entry.name, `src/elements/${entry.name}/define.ts`]),
);

/** Core modules that one element alone uses, by the element's entry name (with the recorder's worklet URL module,
 * which scripts/standalone-script-plugin.mjs puts in place of core/voice/pcm-worklet-url.ts). */
const ELEMENT_ONLY_CORE = [
  [/[\\/]src[\\/]core[\\/](voice[\\/]|api[\\/](nls|vocabulary)\.ts$)|^\0ph-pcm-worklet-url$/, 'ph-voice'],
  // The face rules: a chunk of their own, which only ph-face's lazily shown widget imports (not ph-face.js itself).
  [/[\\/]src[\\/]core[\\/]face[\\/]/, 'face-rules'],
  // WeCom's QR sign-in: only the QR box of <ph-login qr> loads it (lazily), so a work-chat page's login does not.
  [/[\\/]src[\\/]core[\\/]auth[\\/]qr-login\.ts$/, 'qr-login'],
  // The upload engine, the helpers only it uses and the MD5 worker's URL module: a chunk of its own, `upload`, that
  // ph-uploader imports (`npm run size` fails if a work-chat page ever loads it).
  [
    /[\\/]src[\\/]core[\\/](upload[\\/]|(util[\\/](tree|format|random)|validate[\\/]files|api[\\/](file-names|upload-wire))\.ts$)|^\0ph-md5-worker-url$/,
    'upload',
  ],
];
/** The MD5 engines of the main-thread fallback, imported lazily: their own chunk, loaded only when used. */
const LAZY_MD5 =
  /[\\/]src[\\/]core[\\/]upload[\\/]hash[\\/]engine\.ts$|[\\/]node_modules[\\/](hash-wasm|spark-md5)[\\/]/;
/** zh-HK's Simplified-to-Traditional converter (core/i18n/hongkong/load.ts imports it lazily): the chunk `hk`. */
const HONG_KONG =
  /[\\/]src[\\/]core[\\/]i18n[\\/]hongkong[\\/](converter|phrases)\.ts$|[\\/]node_modules[\\/]opencc-js[\\/]/;

/**
 * Core modules used by <ph-header> and <ph-footer> only, and the access gate (which <ph-voice> asks too) with the
 * desktop calls it reads the user's apps by; with them the font lists' control that <ph-picker> shares with the
 * header's theme dialog (it reads core's theme/picker, in this chunk too).
 */
const CHROME_CORE =
  /[\\/]src[\\/]core[\\/](access|desktop[\\/](calls|launcher)|routes[\\/]router|messages|licence|header|unit|version|theme[\\/](apply|calls|flow|prefs|save|css|picker|model)|util[\\/]zoom|auth[\\/](children|switch-role))\b|[\\/]src[\\/]elements[\\/]common[\\/]FontSelect\.tsx$/;

/**
 * V8's explicit compile hint (Chromium 136 and later): every function of the file is compiled with it, on the thread
 * that streams the script in, instead of lazily on the main thread when first called. The runtime chunk is evaluated
 * on every element page right after the first paint, and most of it (React, the core) runs then: measured on the login
 * page, a key typed at once lands sooner (README › Performance).
 */
const COMPILE_HINT = /^# allFunctionsCalledOnLoad$/;

/**
 * An app's bundler is told to leave alone the one import of a URL known only at run time (face-api's file): webpack 5
 * turned `import(url)` into a module that fails, and said so as a warning on every build (issue 68).
 */
const BUNDLER_HINTS = /^ (webpackIgnore: true|@vite-ignore) $/;
const KEPT_COMMENTS = new RegExp(`${COMPILE_HINT.source}|${BUNDLER_HINTS.source}`);
const runtimeCompileHint = (chunk) => (chunk.name === 'runtime' ? '//# allFunctionsCalledOnLoad' : '');
/**
 * The shell's two first scripts (React, and the shell with core) run nearly whole as a desktop loads: compiled while
 * they stream in too. Without it, a first visit compiled each function on the main thread as it was first called,
 * inside the renders after `me` (issue 70).
 */
const shellCompileHint = (chunk) => (chunk.isEntry || chunk.name === 'react' ? '//# allFunctionsCalledOnLoad' : '');

/** Element styles are imported as text (they go into each shadow root), whitespace collapsed. */
function cssAsText() {
  return {
    name: 'css-as-text',
    transform(code, id) {
      if (!id.endsWith('.css')) return null;
      const text = code
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{}:;,>])\s*/g, '$1')
        .trim();
      return { code: `export default ${JSON.stringify(text)};`, map: { mappings: '' } };
    },
  };
}

/** Copies static files of a bundle next to it. */
function copyFiles(files) {
  return {
    name: 'copy-files',
    generateBundle() {
      for (const [from, fileName] of files) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(from) });
      }
    },
  };
}

/**
 * `library`: a bundle an app's bundler reads (ph-widgets/core, ph-widgets/react): one file per source module and not
 * minified, so that its `/* @__PURE__ *\/` marks reach the app's bundler and what the app does not import is left out
 * (issue 68); the app minifies. The bundles pages load as they are (elements, classic, shell) are minified.
 */
function plugins({ classic = false, library = false } = {}) {
  return [
    md5Worker.plugin({ classic }),
    pcmWorklet.plugin({ classic }),
    faceDetectorWorker.plugin({ classic }),
    faceFiles({ classic }),
    ...(classic ? [classicMd5Engine(), classicHongKong()] : [sharedAssetUrls()]),
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        __PH_VERSION__: JSON.stringify(pkg.version),
      },
    }),
    cssAsText(),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
    commonjs(),
    // Sources inside the maps (the package ships dist/ without src/, and a map without them shows nothing).
    esbuildTypeScript(),
    // Only V8's compile hint (runtimeCompileHint) and the bundlers' hints survive.
    ...(library ? [] : [terser({ compress: { passes: 2 }, format: { comments: KEPT_COMMENTS } })]),
  ];
}

/** Packages a consumer installs with ours (dependencies and peers): imported, never bundled, by ph-widgets/react. */
const installed = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
const isInstalled = (id) => installed.some((name) => id === name || id.startsWith(`${name}/`));

/**
 * The React entry imports core's modules from dist/core (built before it, one file per module), so that an app using
 * ph-widgets/core and /react has one core, and its bundler keeps only the modules either uses.
 */
const CORE_SOURCES = resolve('src/core');
/**
 * The core modules the elements import by path rather than through core's index: entries of core's build too, so that
 * dist/core keeps every export the React entry imports from them.
 */
const CORE_DEEP_IMPORTS = [
  ...new Set(
    readdirSync('src/elements', { recursive: true })
      .filter((name) => /\.tsx?$/.test(name))
      .flatMap((name) => {
        const file = resolve('src/elements', name);
        return [...readFileSync(file, 'utf8').matchAll(/from '((?:\.\.\/)+core\/[^']+)'/g)].map((match) =>
          relative('.', `${resolve(file, '..', match[1])}.ts`),
        );
      }),
  ),
];
function coreFromDist() {
  return {
    name: 'core-from-dist',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.startsWith(`${CORE_SOURCES}${sep}`)) return null;
      const built = resolve('dist/core', relative(CORE_SOURCES, resolved.id).replace(/\.tsx?$/, '.js'));
      if (!existsSync(built))
        this.error(`${relative('.', resolved.id)} has no module in dist/core (is it in core's index?)`);
      return { id: built, external: true };
    },
  };
}

const onwarn = (warning, warn) => {
  // React's "use client" directives are meaningless in these bundles.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
};

export default [
  {
    input: elementEntries,
    onwarn,
    // Copied, not bundled: 1.3 MB of minified tfjs that must never land in a shared chunk.
    plugins: [...plugins(), modulePreloads(), immutableFiles()],
    output: {
      dir: 'dist/elements',
      format: 'es',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      banner: runtimeCompileHint,
      // Everything outside an element's own folder (React, nanostores, core, common pieces) is shared, except the
      // parts of core that only one element uses: they travel with that element (a work-chat page carries no voice).
      // Such an element's own folder joins that chunk, so that it stays one file, named after the element. The core
      // rules only the page chrome (header and footer) uses go into a chunk of their own, so that pages loading only
      // login and face (work-chat) do not download them.
      manualChunks: (id) => {
        if (LAZY_MD5.test(id)) return undefined;
        if (HONG_KONG.test(id)) return 'hk';
        const only = ELEMENT_ONLY_CORE.find(([pattern]) => pattern.test(id))?.[1];
        if (only) return only;
        const element = /[\\/]src[\\/]elements[\\/](ph-[^\\/]+)[\\/]/.exec(id)?.[1];
        if (element) return ELEMENT_ONLY_CORE.some(([, name]) => name === element) ? element : undefined;
        return CHROME_CORE.test(id) ? 'chrome' : 'runtime';
      },
    },
  },
  {
    input: 'src/elements/classic.ts',
    onwarn,
    plugins: [
      classicLazyScripts(),
      ...plugins({ classic: true }),
      // §2's IE 6–8 message in the package (dist/shell is not shipped), for a platform page to load first.
      copyFiles([['src/shell/legacy-browser.js', 'ph-widgets.legacy-browser.js']]),
    ],
    // Legacy pages run nearly all of it at once: compiled while it streams in (the compile hint, as the runtime chunk).
    output: {
      file: 'dist/ph-widgets.js',
      format: 'iife',
      sourcemap: true,
      inlineDynamicImports: true,
      banner: '//# allFunctionsCalledOnLoad',
    },
  },
  // The classic bundle's lazy scripts (the uploader, the face widget), each loaded by it when its element first
  // renders (classicLazyScripts).
  ...CLASSIC_LAZY.map((script) => ({
    input: script.entry,
    onwarn,
    external: (id) => CLASSIC_HOST.some(([pattern]) => pattern.test(id)),
    plugins: plugins({ classic: true }),
    output: {
      file: `dist/${script.fileName}`,
      format: 'iife',
      name: script.globalName,
      globals: classicHostGlobals,
      sourcemap: true,
      inlineDynamicImports: true,
    },
  })),
  {
    input: ['src/core/index.ts', ...CORE_DEEP_IMPORTS],
    onwarn,
    // The ES-module stores stay external (one copy for bundler users); CommonJS helpers such as qs are bundled
    // so that the files also import in a browser without a CommonJS step.
    external: [/^nanostores(\/|$)/, /^@nanostores\//],
    plugins: plugins({ library: true }),
    // One file per module under dist/core (index.js its entry): an app's bundler keeps the modules it uses.
    output: {
      dir: 'dist/core',
      format: 'es',
      sourcemap: true,
      preserveModules: true,
      preserveModulesRoot: 'src/core',
      entryFileNames: '[name].js',
    },
  },
  {
    // ph-widgets/react: React, ReactDOM and every other installed package stay imports (one React in the app), and
    // core is dist/core's. A client module for React Server Components (Next.js's App Router): "use client".
    input: { index: 'src/elements/react.ts' },
    onwarn,
    external: isInstalled,
    plugins: [coreFromDist(), ...plugins({ library: true })],
    output: {
      dir: 'dist/react',
      format: 'es',
      sourcemap: true,
      banner: '"use client";',
      preserveModules: true,
      preserveModulesRoot: 'src/elements',
      entryFileNames: (chunk) => (chunk.isEntry ? 'index.js' : '[name].js'),
    },
  },
  {
    // ph-widgets/server: an element's first render as HTML, for Node (React, ReactDOM's server renderer and every
    // other installed package stay imports).
    input: 'src/elements/server.ts',
    onwarn,
    external: isInstalled,
    plugins: plugins(),
    output: { dir: 'dist/server', format: 'es', sourcemap: true, entryFileNames: 'index.js' },
  },
  {
    input: 'src/shell/main.tsx',
    onwarn,
    plugins: [
      ...plugins(),
      copyFiles([
        ['src/shell/index.html', 'index.html'],
        ['src/shell/shell.css', 'shell.css'],
        // The IE 6–8 message every page loads first (classic ES3, not bundled).
        ['src/shell/legacy-browser.js', 'legacy-browser.js'],
      ]),
      modulePreloads(),
      immutableFiles(),
    ],
    output: {
      dir: 'dist/shell',
      format: 'es',
      sourcemap: true,
      entryFileNames: 'shell.js',
      banner: shellCompileHint,
      // React in a chunk of its own: cached apart from the shell's code, and the bench weighs the shell alone.
      manualChunks: (id) => (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ? 'react' : undefined),
    },
  },
];
