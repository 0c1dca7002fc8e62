// A webpack 5 app with no configuration for ph-widgets: the workers, the worklet and face-api's files are found by
// their `new URL('../assets/…', import.meta.url)` and emitted by webpack itself. Not minified: the check is what
// webpack copies and whether it runs, and terser would only add time to the suite.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export default {
  mode: 'production',
  context: here,
  entry: './src/main.js',
  output: { path: join(here, 'dist'), clean: true },
  optimization: { minimize: false },
  performance: { hints: false },
};
