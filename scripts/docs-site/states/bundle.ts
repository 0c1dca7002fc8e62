// Builds the state galleries (main.tsx) into dist/docs/assets/states.js with esbuild: one small script for the
// example pages that show them, compiled from the sources as the library's bundles are (styles as text, the
// version and production mode set), but not one of the library's bundles: the package ships none of dist/docs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type PluginBuild } from 'esbuild';

/** esbuild's loader for our stylesheets: the CSS text, whitespace collapsed, as the rollup build imports it. */
const cssAsText = {
  name: 'css-as-text',
  setup(plugin: PluginBuild) {
    plugin.onLoad({ filter: /\.css$/ }, (args) => {
      const css = readFileSync(args.path, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .trim();
      return { contents: `export default ${JSON.stringify(css)};`, loader: 'js' };
    });
  },
};

export async function buildStates(root: string, out: string): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  await build({
    entryPoints: [join(import.meta.dirname, 'main.tsx')],
    outfile: join(out, 'assets/states.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [cssAsText],
    define: {
      'process.env.NODE_ENV': '"production"',
      __PH_VERSION__: JSON.stringify(pkg.version),
    },
  });
}
